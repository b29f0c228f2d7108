import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import {
  CreateBucketCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';

/** Keys moto accepts (it checks none); the SDK needs some to sign with. */
export const MOTO_CREDENTIALS = { accessKeyId: 'testing', secretAccessKey: 'testing' } as const;

/** The region the tests' buckets are in. */
export const MOTO_REGION = 'us-east-1';

/** A running `moto_server`: a real S3-compatible HTTP server on loopback, objects kept in its memory. */
export type MotoServer = {
  /** Its URL, `http://127.0.0.1:<port>`. */
  readonly endpoint: string;
  /** An S3 client for the test's own checks. */
  readonly client: S3Client;
  /** Creates a bucket with a fresh name, so tests sharing one server never see each other's objects. */
  createBucket(): Promise<string>;
  /** Every object name in the bucket (below `prefix`). */
  objectKeys(bucket: string, prefix?: string): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted. */
  unfinishedUploads(bucket: string): Promise<string[]>;
  /** The environment that makes `svc` keep media in `s3://bucket/prefix` on this server. */
  serverEnv(bucket: string, prefix?: string): Record<string, string>;
  /** Stops the server. */
  stop(): Promise<void>;
};

/**
 * Starts `moto_server` (from the Python package moto) on a free loopback port and resolves once it
 * answers. Fails, never skips, when moto is missing: these tests are how S3 storage is checked.
 * `command` is for testing that failure.
 */
export async function startMotoServer(command = 'moto_server'): Promise<MotoServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child = spawn(command, ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  let failure: string | null = null;
  child.once('error', (error) => {
    failure =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'moto_server is not installed: the S3 tests need the Python package moto (pip install "moto[server]") with moto_server on PATH'
        : `moto_server could not start: ${error.message}`;
  });
  child.once('exit', (code) => {
    failure ??= `moto_server exited with ${code} before answering: ${stderr}`;
  });
  try {
    await answering(endpoint, () => failure);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const client = new S3Client({
    endpoint,
    region: MOTO_REGION,
    forcePathStyle: true,
    credentials: MOTO_CREDENTIALS,
  });
  return {
    endpoint,
    client,
    async createBucket() {
      const bucket = `svc-test-${randomUUID().slice(0, 8)}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    async objectKeys(bucket, prefix = '') {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) keys.push(object.Key ?? '');
      }
      return keys.sort();
    },
    async unfinishedUploads(bucket) {
      // One page (up to 1000) is plenty for a test's bucket.
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (page.Uploads ?? []).map((upload) => upload.Key ?? '');
    },
    serverEnv(bucket, prefix = 'media') {
      return {
        SVC_MEDIA_STORE: `s3://${bucket}/${prefix}`,
        SVC_S3_ENDPOINT: endpoint,
        SVC_S3_REGION: MOTO_REGION,
        SVC_S3_FORCE_PATH_STYLE: '1',
        AWS_ACCESS_KEY_ID: MOTO_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: MOTO_CREDENTIALS.secretAccessKey,
      };
    },
    async stop() {
      client.destroy();
      await stopChild(child);
    },
  };
}

/** One moto server for the tests of a file: started in `beforeAll`, stopped in `afterAll`. */
export function useMotoServer(): () => MotoServer {
  let moto: MotoServer | undefined;
  beforeAll(async () => {
    moto = await startMotoServer();
  }, 30_000);
  afterAll(async () => {
    await moto?.stop();
  });
  return () => {
    if (moto === undefined) throw new Error('the moto server is ready from beforeAll on');
    return moto;
  };
}

async function answering(endpoint: string, failure: () => string | null): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const why = failure() ?? (Date.now() > deadline ? 'moto_server did not answer within 20 s' : null);
    if (why !== null) throw new Error(why);
    try {
      const res = await fetch(endpoint);
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await ended;
  clearTimeout(timer);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
