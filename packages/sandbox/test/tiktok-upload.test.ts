import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Answer, patternedBytes, putChunk, tiktokCreator, useSandbox } from './sandbox-harness.js';

// TikTok's FILE_UPLOAD: the chunk plan video/init accepts, and the chunks upload_url accepts.
const h = useSandbox();
const MIB = 1024 * 1024;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** PUTs every chunk of `bytes` in order, returning the statuses. */
async function uploadAll(url: string, bytes: Buffer, chunkSize: number, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const first = i * chunkSize;
    const last = i === count - 1 ? bytes.length - 1 : first + chunkSize - 1;
    const answer = await putChunk(
      url,
      bytes.subarray(first, last + 1),
      `bytes ${first}-${last}/${bytes.length}`,
    );
    statuses.push(answer.status);
  }
  return statuses;
}

describe('TikTok video init: chunk rules', () => {
  const cases: Array<[string, number, number, number, string | null]> = [
    ['a video under 5 MB in one chunk', 4 * MIB, 4 * MIB, 1, null],
    ['a video under 5 MB split', 4 * MIB, 2 * MIB, 2, 'uploaded whole'],
    ['exactly 5 MiB in one chunk', 5 * MIB, 5 * MIB, 1, null],
    ['5 MiB + 1 in one chunk (the last chunk absorbs the byte)', 5 * MIB + 1, 5 * MIB, 1, null],
    ['5 MiB + 1 in two chunks', 5 * MIB + 1, 5 * MIB, 2, 'floor(video_size / chunk_size) = 1'],
    ['10 MiB + 1 in two chunks', 10 * MIB + 1, 5 * MIB, 2, null],
    ['chunks under 5 MB', 20 * MIB, 4 * MIB, 5, 'chunk_size must be between'],
    ['chunks over 64 MB', 200 * MIB, 65 * MIB, 3, 'chunk_size must be between'],
    ['a chunk larger than the video', 6 * MIB, 7 * MIB, 1, 'cannot exceed video_size'],
    ['one chunk over 64 MB', 100 * MIB, 64 * MIB, 1, 'at least 2 chunks'],
    ['over 4 GB', 5 * 1024 * MIB, 64 * MIB, 80, 'maximum'],
    ['a fractional size', 1.5, 1.5, 1, 'positive integers'],
  ];
  it.each(cases)('%s', async (_what, size, chunkSize, count, problem) => {
    h.clock.advance(60_000); // stay under 6 inits a minute
    const answer = await tiktokCreator(h).initVideo(size, chunkSize, count);
    if (problem === null) {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        publish_id: expect.stringMatching(/^v_pub_file~v2-\d+$/),
        upload_url: expect.stringMatching(
          /\/sandbox\/tiktok\/upload\/video\/\?upload_id=\d+&upload_token=\w+$/,
        ),
      });
    } else {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'invalid_params',
        message: expect.stringContaining(problem),
        log_id: expect.any(String),
      });
    }
  });

  it('checks the post against the creator: privacy level, interactions turned off, branded content', async () => {
    const tt = tiktokCreator(h);
    h.sandbox.control.setTikTokCreator(tt.openId, {
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      duetDisabled: true,
    });
    const mismatch = await tt.initVideo(1000, 1000, 1, { disable_duet: true });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({
      code: 'privacy_level_option_mismatch',
      message: expect.stringContaining('FOLLOWER_OF_CREATOR, SELF_ONLY'),
    });
    const duet = await tt.initVideo(1000, 1000, 1, { privacy_level: 'SELF_ONLY' });
    expect(duet.body.error.message).toContain('disable_duet must be true');
    const branded = await tt.initVideo(1000, 1000, 1, {
      privacy_level: 'SELF_ONLY',
      disable_duet: true,
      brand_content_toggle: true,
    });
    expect(branded.body.error.message).toContain('Branded content');
    h.clock.advance(60_000);
    const labelled = await tt.initVideo(1000, 1000, 1, {
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_duet: true,
      brand_content_toggle: true,
      brand_organic_toggle: true,
      is_aigc: true,
    });
    expect(labelled.status).toBe(200);
    expect(h.sandbox.control.tiktokPublish(labelled.body.data.publish_id)).toEqual({
      publishId: labelled.body.data.publish_id,
      postId: null,
      kind: 'VIDEO',
      privacyLevel: 'FOLLOWER_OF_CREATOR',
      brandContentToggle: true,
      brandOrganicToggle: true,
      isAigc: true,
    });
    const notBoolean = await tt.initVideo(1000, 1000, 1, {
      privacy_level: 'SELF_ONLY',
      disable_duet: true,
      is_aigc: 'yes',
    });
    expect(notBoolean.body.error.message).toContain('is_aigc must be a boolean');
    h.clock.advance(60_000);
    const long = await tt.initVideo(1000, 1000, 1, { title: 'x'.repeat(2201), privacy_level: 'SELF_ONLY' });
    expect(long.body.error.message).toContain('2201 UTF-16 code units');
    const noInfo = await tt.call('/v2/post/publish/video/init/', { source_info: { source: 'FILE_UPLOAD' } });
    expect(noInfo.body.error).toMatchObject({
      code: 'invalid_params',
      message: expect.stringContaining('post_info'),
    });
  });
});

describe('TikTok chunk uploads', () => {
  it.each([
    ['4 MiB in one chunk', 4 * MIB, 4 * MIB, 1, [201]],
    ['5 MiB + 1 in one chunk', 5 * MIB + 1, 5 * MIB, 1, [201]],
    ['10 MiB + 1 in two chunks', 10 * MIB + 1, 5 * MIB, 2, [206, 201]],
    ['15 MiB + 7 in three chunks', 15 * MIB + 7, 5 * MIB, 3, [206, 206, 201]],
  ])(
    '%s: uploads, processes and publishes exactly the bytes sent',
    async (_w, size, chunkSize, count, codes) => {
      const tt = tiktokCreator(h);
      const bytes = patternedBytes(size);
      const init = (await tt.initVideo(size, chunkSize, count, { title: 'My clip' })).body.data;
      expect((await tt.status(init.publish_id)).body.data).toEqual({
        status: 'PROCESSING_UPLOAD',
        publicaly_available_post_id: [],
        uploaded_bytes: 0,
      });
      expect(await uploadAll(init.upload_url, bytes, chunkSize, count)).toEqual(codes);
      expect((await tt.status(init.publish_id)).body.data).toMatchObject({
        status: 'PROCESSING_UPLOAD',
        uploaded_bytes: size,
      });
      expect(h.sandbox.control.published('tiktok')).toHaveLength(0);
      h.clock.advance(2_000);
      const done = await tt.status(init.publish_id);
      const [published] = h.sandbox.control.published('tiktok');
      expect(published).toEqual({
        platform: 'tiktok',
        id: expect.stringMatching(/^7\d{18}$/),
        accountId: tt.openId,
        kind: 'VIDEO',
        caption: 'My clip',
        mediaUrls: [],
        children: 0,
        permalink: `${h.baseUrl}/sandbox/tiktok/@bea_shop/video/${published?.id}`,
        upload: { sizeBytes: size, sha256: sha256(bytes) },
        at: h.clock.now(),
      });
      expect(done.body.data.status).toBe('PUBLISH_COMPLETE');
      // The id is an int64 written as a JSON number, as TikTok writes it.
      expect(done.text).toContain(`"publicaly_available_post_id":[${published?.id}]`);
      expect(String(done.body.data.publicaly_available_post_id[0])).not.toBe(published?.id);
      await tt.status(init.publish_id);
      expect(h.sandbox.control.published('tiktok')).toHaveLength(1);
    },
  );

  it('refuses bad ranges, types, gaps and changed bytes; repeats the last chunk idempotently', async () => {
    const tt = tiktokCreator(h);
    const size = 10 * MIB + 1;
    const bytes = patternedBytes(size);
    const { upload_url: url } = (await tt.initVideo(size, 5 * MIB, 2)).body.data;
    const first = bytes.subarray(0, 5 * MIB);
    const second = bytes.subarray(5 * MIB);
    const refusal = async (answer: Promise<Answer>, words: string) => {
      const got = await answer;
      expect(got.status).toBe(400);
      expect(got.body.error).toMatchObject({
        code: 'invalid_file_upload',
        message: expect.stringContaining(words),
      });
    };
    await refusal(putChunk(url, first, `bytes 0-${5 * MIB - 1}/${size}`, 'image/png'), 'Content-Type');
    await refusal(putChunk(url, first, `0-${5 * MIB - 1}/${size}`), 'Content-Range must be');
    await refusal(putChunk(url, first, `bytes 0-${5 * MIB - 1}/${size + 1}`), 'differs from video_size');
    await refusal(putChunk(url, first, `bytes 0-${5 * MIB}/${size}`), 'announces');
    await refusal(putChunk(url, second, `bytes ${5 * MIB}-${size - 1}/${size}`), 'must arrive in order');
    await refusal(
      putChunk(url, bytes.subarray(0, 4 * MIB), `bytes 0-${4 * MIB - 1}/${size}`),
      'must be bytes 0-',
    );

    expect((await putChunk(url, first, `bytes 0-${5 * MIB - 1}/${size}`)).status).toBe(206);
    expect((await putChunk(url, first, `bytes 0-${5 * MIB - 1}/${size}`)).status).toBe(206);
    await refusal(putChunk(url, Buffer.alloc(5 * MIB), `bytes 0-${5 * MIB - 1}/${size}`), 'different bytes');
    expect((await putChunk(url, second, `bytes ${5 * MIB}-${size - 1}/${size}`)).status).toBe(201);
    expect((await putChunk(url, second, `bytes ${5 * MIB}-${size - 1}/${size}`)).status).toBe(201);
    await refusal(putChunk(url, first, `bytes 0-${5 * MIB - 1}/${size}`), 'already received');
    h.clock.advance(2_000);
    expect(h.sandbox.control.published('tiktok')[0]?.upload?.sha256).toBe(sha256(bytes));
  });

  it('refuses an upload_url an hour after init, and unknown ones', async () => {
    const tt = tiktokCreator(h);
    const { upload_url: url } = (await tt.initVideo(1000, 1000, 1)).body.data;
    h.clock.advance(3_600_000);
    const late = await putChunk(url, patternedBytes(1000), 'bytes 0-999/1000');
    expect(late.status).toBe(403);
    expect(late.body.error.message).toContain('expired');
    const forged = await putChunk(
      url.replace(/upload_token=\w+/, 'upload_token=nope'),
      patternedBytes(1000),
      'bytes 0-999/1000',
    );
    expect(forged.status).toBe(404);
  });
});
