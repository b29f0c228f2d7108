// pnpm bench (media part): uploads and imports a 50 MB video through a real `svc serve` process
// and reports the server's peak RSS growth and throughput, with media on disk and then in S3 (a
// moto_server on loopback, started here). RSS is read from /proc/<pid>/status every 5 ms while a
// transfer runs; the baseline is taken after a full-size warm-up transfer each way, so loading code
// and the heap's first growth do not count as growth per transfer. Each transfer runs several times with fresh bytes (so none is answered from an earlier
// copy); the median and the worst run are reported.
import {
  closeSync,
  createReadStream,
  mkdtempSync,
  openAsBlob,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startMotoServer } from '../packages/media/test/moto-server.js';
import { startChild, stopChild, svc } from './bench-support.js';

const ROOT = join(import.meta.dirname, '..');
const SVC_BIN = join(ROOT, 'packages/server/bin/svc.js');
const FIXTURE = join(ROOT, 'packages/media/test/fixtures/video.mp4');
const MB = 1024 * 1024;
const SIZE = 50 * MB - 64 * 1024;
const TARGET_MB = 32;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

type Run = { seconds: number; growthMb: number };

/** A valid MP4 of `bytes`: a real small video plus a top-level `free` box, which players skip. */
function bigVideo(path: string, bytes: number, fill: number): string {
  const video = readFileSync(FIXTURE);
  const padding = bytes - video.byteLength;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'ascii');
  const fd = openSync(path, 'w');
  writeSync(fd, video);
  writeSync(fd, header);
  const chunk = Buffer.alloc(MB, fill);
  for (let left = padding - 8; left > 0; left -= chunk.byteLength)
    writeSync(fd, chunk, 0, Math.min(left, chunk.byteLength));
  closeSync(fd);
  return path;
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** Runs `work` while sampling the process's RSS: how long it took and the peak growth over the start. */
async function measured(pid: number, work: () => Promise<void>): Promise<Run> {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 5);
  const started = performance.now();
  try {
    await work();
    return { seconds: (performance.now() - started) / 1000, growthMb: Math.max(peak, rssMb(pid)) - before };
  } finally {
    clearInterval(timer);
  }
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The transfers of one storage: every run of each kind. */
type StorageRuns = { upload: Run[]; import: Run[] };

/** Runs the uploads and imports against a fresh server whose media goes where `storageEnv` says. */
async function benchStorage(
  work: string,
  originUrl: string,
  name: string,
  storageEnv: Record<string, string>,
): Promise<StorageRuns> {
  const env = {
    SVC_DATA_DIR: join(work, `data-${name}`),
    SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
    LOG_LEVEL: 'warn',
    ...storageEnv,
  };
  await svc(SVC_BIN, ['users', 'create', '--email', 'bench@example.com', '--plan', 'paid'], env);
  const { key } = await svc(
    SVC_BIN,
    ['keys', 'create', '--email', 'bench@example.com', '--scopes', 'media:write'],
    env,
  );
  const server = await startChild([SVC_BIN, 'serve'], env, '/api/health');
  const pid = server.child.pid ?? 0;
  const base = `http://127.0.0.1:${server.port}`;
  const auth = { Authorization: `Bearer ${key}` };
  const upload = async (path: string) => {
    const form = new FormData();
    form.append('file', await openAsBlob(path), 'video.mp4');
    const res = await fetch(`${base}/api/v1/media`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  };
  const importFile = async (path: string) => {
    const res = await fetch(`${base}/api/v1/media/from-url`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `${originUrl}/${basename(path)}` }),
    });
    if (res.status !== 201) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  };
  try {
    // Full-size warm-ups: a first large transfer grows the heap and the SDK's connection pools
    // once (for S3, the multipart path runs only above 5 MiB), which is not growth per transfer.
    await upload(bigVideo(join(work, `warm-upload-${name}.mp4`), SIZE, 1));
    await importFile(bigVideo(join(work, `warm-import-${name}.mp4`), SIZE, 2));
    const runs: StorageRuns = { upload: [], import: [] };
    for (let run = 1; run <= RUNS; run++) {
      const up = bigVideo(join(work, `upload-${name}-${run}.mp4`), SIZE, 10 + run);
      runs.upload.push(await measured(pid, () => upload(up)));
      rmSync(up);
      const im = bigVideo(join(work, `import-${name}-${run}.mp4`), SIZE, 20 + run);
      runs.import.push(await measured(pid, () => importFile(im)));
      rmSync(im);
    }
    return runs;
  } finally {
    await stopChild(server.child);
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'svc-bench-media-'));
  // The link the server imports from: a plain file server on loopback, serving the work folder.
  const origin = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'video/mp4' });
    createReadStream(join(work, basename(req.url ?? ''))).pipe(res);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  const moto = await startMotoServer();

  try {
    const results = {
      disk: await benchStorage(work, originUrl, 'disk', {}),
      s3: await benchStorage(work, originUrl, 's3', moto.serverEnv(await moto.createBucket())),
    };

    const mb = SIZE / MB;
    console.log(
      `\nMedia benchmark: ${RUNS} runs of a ${mb.toFixed(1)} MB video each way, Node ${process.version}\n`,
    );
    console.log(
      `${'run'.padEnd(40)}${'MB/s'.padStart(8)}${'RSS growth MB: median'.padStart(24)}${'worst'.padStart(8)}`,
    );
    let worst = 0;
    for (const [storage, runs] of Object.entries(results)) {
      for (const [name, list] of [
        [`${storage}: upload (multipart, POST /media)`, runs.upload],
        [`${storage}: import (POST /media/from-url)`, runs.import],
      ] as const) {
        const growth = list.map((r) => r.growthMb);
        worst = Math.max(worst, ...growth);
        console.log(
          `${name.padEnd(40)}${median(list.map((r) => mb / r.seconds))
            .toFixed(1)
            .padStart(8)}${median(growth).toFixed(1).padStart(24)}${Math.max(...growth)
            .toFixed(1)
            .padStart(8)}`,
        );
      }
    }
    console.log(
      `\nRSS growth target < ${TARGET_MB} MB: ${worst < TARGET_MB ? 'met' : 'MISSED'} (worst run ${worst.toFixed(1)} MB)`,
    );
    console.log(
      'S3 runs store into moto_server on loopback (objects kept in its memory), not a real bucket.',
    );
  } finally {
    await moto.stop();
    await new Promise((resolve) => origin.close(resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
