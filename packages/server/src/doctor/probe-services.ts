import { join } from 'node:path';
import { type DoctorCheck, directoryCheck, type SmtpState, s3BucketCheck } from '@svc/core';
import { createSmtpMailer } from '@svc/outbound';
import type { Config } from '../config.js';
import { openS3BlobStore } from '../open-blob-store.js';
import { MEDIA_DIR } from '../open-services.js';
import { probeDirectory } from './probe-directory.js';
import { problemOf, s3CodeOf } from './problem-of.js';

/** How long each SMTP step (connect, greeting, EHLO, login) may take. */
const SMTP_TIMEOUT_MS = 5000;

/**
 * `media_store`: the media directory on disk, or one listing of the S3 bucket through the same
 * adapter (and so the same credentials chain and endpoint) the server uses.
 */
export async function probeMediaStore(config: Config): Promise<DoctorCheck> {
  const media = config.mediaStore;
  if (media.kind === 'disk') {
    const dir = join(config.dataDir, MEDIA_DIR);
    return directoryCheck(
      'media_store',
      `The media directory ${dir}`,
      await probeDirectory(dir),
      "make it writable by the service's user, or keep media in S3 with SVC_MEDIA_STORE=s3://bucket/prefix",
    );
  }
  const where = `s3://${media.bucket}/${media.prefix} at ${media.endpoint ?? `AWS ${media.region}`}`;
  const store = openS3BlobStore(media);
  try {
    await store.probe();
    return s3BucketCheck(where, media.bucket, null);
  } catch (error) {
    return s3BucketCheck(where, media.bucket, { code: s3CodeOf(error), message: problemOf(error) });
  } finally {
    store.close();
  }
}

/** The SMTP server of SVC_SMTP_URL greets, answers EHLO and takes the login; null when unset. */
export async function probeSmtp(config: Config): Promise<SmtpState> {
  if (config.mail === null) return null;
  const url = new URL(config.mail.smtpUrl);
  const location = `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  const mailer = createSmtpMailer({
    url: config.mail.smtpUrl,
    from: config.mail.from,
    timeoutMs: SMTP_TIMEOUT_MS,
  });
  try {
    return { location, problem: await mailer.verify() };
  } finally {
    mailer.close();
  }
}
