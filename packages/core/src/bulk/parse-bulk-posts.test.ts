import { describe, expect, it } from 'vitest';
import { parsePostRequest } from '../posts/index.js';
import { aPost } from '../testing/builders.js';
import { BULK_CSV_COLUMNS, BULK_MAX_ROWS, type BulkRow, parseBulkPosts } from './parse-bulk-posts.js';
import { postsToCsv, postToBulkPayload } from './posts-to-csv.js';

const payloads = (rows: BulkRow[]) => rows.map((r) => ('payload' in r ? r.payload : r.error.code));

describe('parseBulkPosts', () => {
  it('reads CSV rows into post payloads, lists inside cells, empty cells left out', () => {
    const csv = [
      'caption,platforms,profileIds,scheduledTime,mediaUrls,mediaIds,title,category,externalId,platformMeta',
      '"Hello, world",instagram; threads,acct_1|acct_2,2026-03-01T09:00:00+01:00,https://cdn.example/a.jpg https://cdn.example/b.jpg|https://cdn.example/c.jpg,,,launch,row-1,',
      '"Line one\nline two",tiktok,,,,"media_1, media_2",My video,,,"{""tiktok"":{""privacyLevel"":""SELF_ONLY""}}"',
      '',
    ].join('\r\n');
    expect(payloads(parseBulkPosts(csv, 'csv')._unsafeUnwrap())).toEqual([
      {
        caption: 'Hello, world',
        platforms: ['instagram', 'threads'],
        profileIds: ['acct_1', 'acct_2'],
        scheduledTime: '2026-03-01T09:00:00+01:00',
        mediaUrls: ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg', 'https://cdn.example/c.jpg'],
        category: 'launch',
        externalId: 'row-1',
      },
      {
        caption: 'Line one\nline two',
        platforms: ['tiktok'],
        mediaIds: ['media_1', 'media_2'],
        title: 'My video',
        platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      },
    ]);
  });

  it('numbers data rows from 1, skipping blank lines, and keeps row problems to their row', () => {
    const csv =
      'platforms,platformMeta,allowDuplicate\n\ninstagram,{broken,\nthreads,,yes\nthreads,x\nfacebook,,maybe\n';
    const rows = parseBulkPosts(csv, 'csv')._unsafeUnwrap();
    expect(rows.map((r) => [r.row, 'error' in r ? r.error.details?.field : 'ok'])).toEqual([
      [1, 'platformMeta'],
      [2, 'ok'],
      [3, 'row'],
      [4, 'allowDuplicate'],
    ]);
    expect(payloads(rows)[1]).toEqual({ platforms: ['threads'], allowDuplicate: true });
  });

  it('refuses a file without a header, with unknown or repeated columns, or without platforms', () => {
    const error = (csv: string) => parseBulkPosts(csv, 'csv')._unsafeUnwrapErr();
    expect(error('\r\n\r\n')).toMatchObject({ code: 'validation_failed', details: { field: 'header' } });
    expect(error('caption,platforms,colour\nhi,instagram,red')).toMatchObject({
      details: { field: 'header', unknownColumns: ['colour'] },
    });
    expect(error('caption,platforms,colour').message).toContain('"colour"');
    expect(error('caption;platforms').message).toContain('commas');
    expect(error('platforms,Platforms').details).toMatchObject({ repeatedColumns: ['platforms'] });
    expect(error('caption\nhi').details).toEqual({ field: 'header' });
    expect(error('platforms\n"instagram').details).toMatchObject({ field: 'csv', line: 2 });
  });

  it('matches column names whatever their case and spacing', () => {
    const rows = parseBulkPosts(' Caption , PLATFORMS\nhi,threads', 'csv')._unsafeUnwrap();
    expect(payloads(rows)).toEqual([{ caption: 'hi', platforms: ['threads'] }]);
  });

  it(`takes at most ${BULK_MAX_ROWS} posts`, () => {
    const csv = `platforms\n${'threads\n'.repeat(BULK_MAX_ROWS)}`;
    expect(parseBulkPosts(csv, 'csv')._unsafeUnwrap()).toHaveLength(BULK_MAX_ROWS);
    expect(parseBulkPosts(`${csv}threads\n`, 'csv')._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { max: BULK_MAX_ROWS, rows: BULK_MAX_ROWS + 1 },
    });
    const json = JSON.stringify(Array.from({ length: BULK_MAX_ROWS + 1 }, () => ({})));
    expect(parseBulkPosts(json, 'json')._unsafeUnwrapErr().code).toBe('validation_failed');
  });

  it('reads JSON as a list of payloads or { posts: [...] }', () => {
    const post = { caption: 'hi', platforms: ['threads'] };
    expect(payloads(parseBulkPosts(JSON.stringify([post, 3]), 'json')._unsafeUnwrap())).toEqual([
      post,
      'validation_failed',
    ]);
    expect(payloads(parseBulkPosts(JSON.stringify({ posts: [post] }), 'json')._unsafeUnwrap())).toEqual([
      post,
    ]);
    expect(parseBulkPosts('{"posts": [', 'json')._unsafeUnwrapErr().code).toBe('invalid_json');
    expect(parseBulkPosts('{"items": []}', 'json')._unsafeUnwrapErr().details).toEqual({ field: 'posts' });
    expect(parseBulkPosts('{"posts": [], "more": 1}', 'json')._unsafeUnwrapErr().code).toBe(
      'validation_failed',
    );
  });
});

describe('postsToCsv', () => {
  const post = aPost('user_1', 'acct_1', {
    caption: 'Say "hi", then\nleave',
    platforms: ['tiktok'],
    title: 'Title',
    media: [
      { kind: 'asset', mediaId: 'media_jpeg', derivedFrom: 'media_png' },
      { kind: 'asset', mediaId: 'media_2' },
    ],
    scheduledTime: new Date('2026-03-01T08:00:00.000Z'),
    externalId: 'ext-1',
    platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
  });

  it('writes the columns the import reads, so an export imports again as the same payload', () => {
    const csv = postsToCsv([post], { header: true });
    expect(csv.split('\r\n')[0]).toBe(BULK_CSV_COLUMNS.join(','));
    const [row] = parseBulkPosts(csv, 'csv')._unsafeUnwrap();
    const payload = row !== undefined && 'payload' in row ? row.payload : null;
    expect(payload).toEqual({
      caption: 'Say "hi", then\nleave',
      platforms: ['tiktok'],
      profileIds: ['acct_1'],
      scheduledTime: '2026-03-01T08:00:00.000Z',
      mediaIds: ['media_png', 'media_2'],
      title: 'Title',
      externalId: 'ext-1',
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
    });
    expect(parsePostRequest(payload, { requireScheduledTime: false }).isOk()).toBe(true);
    expect(postsToCsv([post])).not.toContain('caption,platforms');
  });

  it('gives JSON exports the same payload, which the create payload schema takes', () => {
    const link = aPost('user_1', 'acct_1', { media: [{ kind: 'link', url: 'https://cdn.example/a.jpg' }] });
    const payload = postToBulkPayload(link);
    expect(payload).toMatchObject({ mediaUrls: ['https://cdn.example/a.jpg'] });
    expect(payload).not.toHaveProperty('mediaIds');
    const [row] = parseBulkPosts(JSON.stringify([payload]), 'json')._unsafeUnwrap();
    expect(
      row !== undefined &&
        'payload' in row &&
        parsePostRequest(row.payload, { requireScheduledTime: false }).isOk(),
    ).toBe(true);
  });
});
