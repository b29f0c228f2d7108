import { describe, expect, it } from 'vitest';
import { smtpCheck } from './smtp-check.js';
import { directoryCheck, s3BucketCheck } from './storage-checks.js';

describe('the directory check', () => {
  it('passes a writable or creatable directory and fails an unwritable one with the fix', () => {
    const what = 'SVC_DATA_DIR /srv/svc';
    expect(directoryCheck('data_dir', what, { kind: 'writable' }, 'x')).toMatchObject({ ok: true });
    expect(directoryCheck('data_dir', what, { kind: 'creatable' }, 'x')).toMatchObject({ ok: true });
    const check = directoryCheck('data_dir', what, { kind: 'unwritable', problem: 'EACCES' }, 'chown it');
    expect(check).toEqual({
      name: 'data_dir',
      ok: false,
      level: 'fail',
      message: 'SVC_DATA_DIR /srv/svc is not writable (EACCES): chown it.',
    });
  });
});

describe('the S3 bucket check', () => {
  const where = 's3://media/svc at http://127.0.0.1:9000';
  it.each([
    [null, 'pass', 'answers'],
    [{ code: 'NoSuchBucket', message: 'gone' }, 'fail', 'create it, or fix SVC_MEDIA_STORE'],
    [{ code: 'AccessDenied', message: 'no' }, 'fail', 'AWS_ACCESS_KEY_ID'],
    [{ code: 'ECONNREFUSED', message: 'refused' }, 'fail', 'check SVC_S3_ENDPOINT'],
  ] as const)('%o: %s', (problem, level, says) => {
    expect(s3BucketCheck(where, 'media', problem)).toMatchObject({
      name: 'media_store',
      level,
      message: expect.stringContaining(says),
    });
  });
});

describe('the SMTP check', () => {
  it('is skipped when unset, passes when the server answers and fails with the fix when not', () => {
    expect(smtpCheck(null)).toMatchObject({ ok: true, level: 'skipped' });
    expect(smtpCheck({ location: 'smtp://mail:587', problem: null })).toMatchObject({ level: 'pass' });
    expect(smtpCheck({ location: 'smtp://mail:587', problem: 'ECONNREFUSED' })).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        'smtp://mail:587 (ECONNREFUSED): check the host, port and credentials',
      ),
    });
  });
});
