import { describe, expect, it } from 'vitest';
import { problemOf, s3CodeOf } from './problem-of.js';

const failure = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

describe('the problem line of a failure', () => {
  it('puts the code first once and keeps the first line', () => {
    expect(problemOf(failure('connect ECONNREFUSED 127.0.0.1:5', { code: 'ECONNREFUSED' }))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5',
    );
    expect(problemOf(failure('password authentication failed\nat …', { code: '28P01' }))).toBe(
      '28P01: password authentication failed',
    );
  });

  it('cuts credentials out of URLs it quotes', () => {
    expect(problemOf(new Error('cannot reach smtp://mailer:s3cret@mail:587'))).toBe(
      'cannot reach smtp://mail:587',
    );
  });

  it('reads the first attempt of a refused connection to several addresses', () => {
    const both = new AggregateError([failure('connect ECONNREFUSED ::1:5', { code: 'ECONNREFUSED' })], '');
    expect(problemOf(both)).toBe('connect ECONNREFUSED ::1:5');
    expect(s3CodeOf(both)).toBe('ECONNREFUSED');
  });

  it("takes S3's error name as its code", () => {
    expect(
      s3CodeOf(Object.assign(new Error('The specified bucket does not exist'), { name: 'NoSuchBucket' })),
    ).toBe('NoSuchBucket');
  });
});
