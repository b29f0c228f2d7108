// What several API server processes on one SQLite file admit of one key's quota, now that each
// decides in memory and leases the quota from the shared counter in blocks (docs/rate-limits.md).

import type { ChildProcess } from 'node:child_process';
import { leaseSizes } from '@svc/core';
import { startChild, stopChild, svc } from './bench-support.js';

/** One run's outcome: what was admitted of the quota, and the bounds the design states. */
export type SharingResult = {
  readonly name: string;
  readonly quota: number;
  readonly admitted: number;
  readonly refused: number;
  /** Quota plus every process's advance: the most the processes may admit together. */
  readonly most: number;
  readonly seconds: number;
};

/**
 * Starts `processes` servers on one data directory (limits: `quota` per key, the address limit
 * out of the way) and runs two loads, each with a fresh key:
 * - overshoot: `clients` concurrent clients spread over every process, each sending until its
 *   process has refused a few; every process then holds no credit, so the admitted count is the
 *   quota plus what the processes admitted in advance of leases the counter could not grant;
 * - stranding: the same for a while, then only the first process is driven until it refuses; what
 *   the others leased and did not use is what falls short of the quota.
 */
export async function measureLimitSharing(
  bin: string,
  env: Record<string, string>,
  options: { processes: number; quota: number; clients: number; email: string },
): Promise<SharingResult[]> {
  const limited = { ...env, SVC_PAID_RATE_LIMIT: String(options.quota), SVC_ADDRESS_RATE_LIMIT: 'off' };
  const servers: { child: ChildProcess; port: number }[] = [];
  try {
    for (let i = 0; i < options.processes; i++) {
      servers.push(await startChild([bin, 'serve'], { ...limited, SVC_PUBLISHER: 'off' }, '/api/health'));
    }
    const keyOf = async () =>
      (await svc(bin, ['keys', 'create', '--email', options.email, '--scopes', 'post:read'], env))
        .key as string;
    const most = options.quota + options.processes * leaseSizes(options.quota).advance;
    const overshoot = await hammer(servers, await keyOf(), options.clients, () => true);
    // Stranding: everyone until a third of the quota is admitted, then the first process alone.
    const third = Math.floor(options.quota / 3);
    const stranding = await hammer(
      servers,
      await keyOf(),
      options.clients,
      (server, admitted) => server === 0 || admitted < third,
    );
    return [
      {
        name: `all ${options.processes} driven until each refuses`,
        quota: options.quota,
        most,
        ...overshoot,
      },
      { name: `${options.processes - 1} go quiet after a third`, quota: options.quota, most, ...stranding },
    ];
  } finally {
    for (const server of servers) await stopChild(server.child);
  }
}

/** Sends GETs from `clients` clients, client i to server i mod n, while `keepOn` says so and its server has refused fewer than 3. */
async function hammer(
  servers: readonly { port: number }[],
  key: string,
  clients: number,
  keepOn: (server: number, admittedSoFar: number) => boolean,
): Promise<{ admitted: number; refused: number; seconds: number }> {
  let admitted = 0;
  let refused = 0;
  const refusals = servers.map(() => 0);
  const started = performance.now();
  const client = async (server: number) => {
    const url = `http://127.0.0.1:${servers[server]?.port}/api/v1/posts?limit=1`;
    while ((refusals[server] ?? 0) < 3 && keepOn(server, admitted)) {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      if (res.status === 200) admitted += 1;
      else if (res.status === 429) {
        refused += 1;
        refusals[server] = (refusals[server] ?? 0) + 1;
      } else throw new Error(`unexpected ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i % servers.length)));
  return { admitted, refused, seconds: (performance.now() - started) / 1000 };
}
