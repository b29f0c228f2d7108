import { describe, expect, it } from 'vitest';
import { readableContainerError } from '../meta/graph-error-hints.js';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { threadsContainerStatusSchema, threadsProfileSchema } from './threads-api.js';

const fixture = fixtureReader(import.meta.dirname);

describe('Threads wire format', () => {
  it('reads container states and the error token, made readable', () => {
    expect(threadsContainerStatusSchema.parse(fixture('container-finished.json'))).toEqual({
      state: 'FINISHED',
      detail: null,
    });
    const failed = threadsContainerStatusSchema.parse(fixture('container-error.json'));
    expect(failed).toEqual({ state: 'ERROR', detail: 'FAILED_DOWNLOADING_VIDEO' });
    expect(readableContainerError('Threads', failed.detail)).toMatch(
      /Threads said: "failed downloading video"\.$/,
    );
  });

  it('reads the profile', () => {
    expect(threadsProfileSchema.parse(fixture('me.json'))).toEqual({
      id: '25874125896325874',
      handle: 'acme.threads',
      pictureUrl: 'https://scontent-iad3-2.cdninstagram.com/v/t51.2885-19/abc.jpg',
      followerCount: null,
    });
  });
});
