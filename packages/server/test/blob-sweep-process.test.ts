import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describePostgres } from '@svc/store-postgres/testing';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcProcess, useDataDirs } from './support.js';

// The orphaned-blob sweep across processes: two `svc sweep` processes remove the same store's
// orphans at once while a real `svc serve` takes uploads of some of those very bytes. No asset may
// end without its bytes, and each orphan is removed by exactly one process. Orphans are real files
// in the disk store whose times are set back past the grace period.

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

const PLAIN = 1500;
const CONTESTED = 24;
const REFERENCED = 4;
const TWO_DAYS_AGO = new Date(Date.now() - 2 * 86_400_000);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A small PNG of its own colour: bytes the server accepts, different for each `i`. */
const pngOf = (i: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i, g: 255 - i, b: (i * 7) % 256 } } })
    .png()
    .toBuffer();

/** Where the disk store keeps a blob (docs/media.md): media/ab/cd/<sha256>. */
function blobPath(dir: string, key: string): string {
  return join(dir, 'media', key.slice(0, 2), key.slice(2, 4), key);
}

/** Writes bytes as a stored blob no asset refers to, put at `at`. */
function plantBlob(dir: string, bytes: Uint8Array, at: Date): string {
  const key = sha256(bytes);
  const path = blobPath(dir, key);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, bytes);
  utimesSync(path, at, at);
  return key;
}

/**
 * Plants orphans, runs two `svc sweep` processes and uploads contested bytes through the server
 * while they delete, `spacingMs` apart per upload stream (about the sweeps' deleting time over the
 * uploads, so they land all through it), then checks bytes, counts and serving.
 */
async function raceSweepsAndUploads(env: Record<string, string>, spacingMs: number) {
  const dir = env.SVC_DATA_DIR as string;
  // The server takes uploads only: its own sweeper would be a third, uncounted process.
  const server = await startServerProcess({ ...env, SVC_PUBLISHER: 'off' });
  running.push(server);
  await svcProcess(['users', 'create', '--email', 'ann@example.com', '--plan', 'paid'], env);
  const key = (await svcProcess(['keys', 'create', '--email', 'ann@example.com', '--scopes', '*'], env)).json
    .key as string;
  const upload = async (bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'upload.png');
    const res = await fetch(`${server.url}/api/v1/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  const local = (link: string) => `${server.url}${new URL(link).pathname}${new URL(link).search}`;

  const assets: { id: string; url: string; bytes: Uint8Array }[] = [];
  // Old blobs assets refer to, old orphans, and one young orphan.
  const referenced = await Promise.all(Array.from({ length: REFERENCED }, (_, i) => pngOf(200 + i)));
  for (const bytes of referenced) {
    const answer = await upload(bytes);
    expect(answer.status).toBe(200);
    assets.push({ id: answer.body.mediaId as string, url: answer.body.url as string, bytes });
    const path = blobPath(dir, sha256(bytes));
    utimesSync(path, TWO_DAYS_AGO, TWO_DAYS_AGO);
  }
  const plain = Array.from({ length: PLAIN }, () => plantBlob(dir, randomBytes(1024), TWO_DAYS_AGO));
  const young = plantBlob(dir, randomBytes(1024), new Date());
  // The contested orphans are uploaded again during the sweeps. A hard link outside the store keeps
  // each one's inode alive, so "deleted (and maybe put again)" shows as a different inode after.
  const contested = await Promise.all(Array.from({ length: CONTESTED }, (_, i) => pngOf(i * 9)));
  mkdirSync(join(dir, 'links'));
  const inodes = new Map<string, number>();
  for (const bytes of contested) {
    const blob = plantBlob(dir, bytes, TWO_DAYS_AGO);
    linkSync(blobPath(dir, blob), join(dir, 'links', blob));
    inodes.set(blob, statSync(blobPath(dir, blob)).ino);
  }

  const sweeps = Promise.all([svcProcess(['sweep'], env), svcProcess(['sweep'], env)]);
  let sweeping = true;
  void sweeps.finally(() => {
    sweeping = false;
  });
  // Uploads start once the sweeps are deleting, spread over their run, four at a time.
  const sample = plain.slice(0, 200);
  while (sweeping && sample.every((blob) => existsSync(blobPath(dir, blob)))) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  let interrupted = 0;
  const queue = [...contested];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let bytes = queue.shift(); bytes !== undefined; bytes = queue.shift()) {
        await new Promise((resolve) => setTimeout(resolve, spacingMs));
        let answer = await upload(bytes);
        // The retryable refusal asks for the file again; sent again, it is stored anew.
        for (let retry = 0; answer.status === 503 && retry < 3; retry++) {
          expect(answer.body.code).toBe('media_upload_interrupted');
          interrupted += 1;
          answer = await upload(bytes);
        }
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        assets.push({ id: answer.body.mediaId as string, url: answer.body.url as string, bytes });
      }
    }),
  );
  const outcomes = await sweeps;

  for (const outcome of outcomes) expect(outcome.code, outcome.stderr).toBe(0);
  const deletedContested = [...inodes].filter(
    ([blob, ino]) => statSync(blobPath(dir, blob), { throwIfNoEntry: false })?.ino !== ino,
  ).length;
  const removed = outcomes.map((o) => o.json.orphanedBlobs as number);
  // Printed, not asserted: how the race went this time.
  console.log(
    `blob sweep race: removed ${removed.join(' + ')}; contested deleted ${deletedContested}/${CONTESTED}, uploads interrupted ${interrupted}`,
  );
  expect(removed.reduce((sum, n) => sum + n, 0)).toBe(PLAIN + deletedContested);
  expect(outcomes.reduce((sum, o) => sum + (o.json.freedBytes as number), 0)).toBeGreaterThanOrEqual(
    PLAIN * 1024,
  );
  for (const blob of plain) expect(existsSync(blobPath(dir, blob))).toBe(false);
  expect(existsSync(blobPath(dir, young))).toBe(true);
  for (const bytes of referenced) expect(existsSync(blobPath(dir, sha256(bytes)))).toBe(true);

  // No asset without its bytes: the library holds exactly the uploaded assets, each served whole.
  const library = await fetch(`${server.url}/api/v1/media?limit=100`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const listed = ((await library.json()) as { media: { id: string }[] }).media.map((m) => m.id);
  expect(listed.sort()).toEqual(assets.map((a) => a.id).sort());
  for (const asset of assets) {
    const served = await fetch(local(asset.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(asset.bytes))).toBe(true);
  }

  // A third sweep finds nothing left to remove.
  const again = await svcProcess(['sweep'], env);
  expect(again.json).toMatchObject({ orphanedBlobs: 0, freedBytes: 0 });
  await server.stop();
}

describe('orphaned-blob sweep on SQLite: two processes while a server takes uploads', () => {
  it('removes each orphan once and never the bytes of an asset', { timeout: 120_000 }, async () => {
    await raceSweepsAndUploads({ SVC_DATA_DIR: dataDir() }, 60);
  });
});

await describePostgres(
  'orphaned-blob sweep on PostgreSQL: two processes while a server takes uploads',
  (db) => {
    it('removes each orphan once and never the bytes of an asset', { timeout: 120_000 }, async () => {
      await raceSweepsAndUploads({ SVC_DATA_DIR: dataDir(), DATABASE_URL: db.url() }, 600);
    });
  },
);
