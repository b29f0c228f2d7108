import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { SandboxPlatform } from '@svc/sandbox';

/** What the simulator process (`simulator-child.ts`) can be asked. */
export type SimulatorAsk =
  | { readonly ask: 'published'; readonly platform: SandboxPlatform; readonly countOnly: boolean }
  | { readonly ask: 'usage' };

/** A question on the IPC channel: what is asked, and the id its answer comes back with. */
export type SimulatorQuestion = SimulatorAsk & { readonly id: number };

/** Its answers, matched to questions by `id`; id 0 announces where it listens. */
export type SimulatorAnswer =
  | { readonly id: number; readonly baseUrl: string }
  | { readonly id: number; readonly captions: string[]; readonly count: number }
  | { readonly id: number; readonly calls: number; readonly cpuMs: number };

/** The sandbox simulator running in a child process, on loopback. */
export type SimulatorProcess = {
  readonly baseUrl: string;
  /** Captions of everything published on `platform` so far, oldest first. */
  publishedCaptions(platform: SandboxPlatform): Promise<string[]>;
  /** How many publications `platform` holds so far. */
  publishedCount(platform: SandboxPlatform): Promise<number>;
  /** API calls (requests) answered and CPU time used by the simulator process since it started. */
  usage(): Promise<{ calls: number; cpuMs: number }>;
  close(): Promise<void>;
};

const CHILD = join(import.meta.dirname, 'simulator-child.ts');

/**
 * Forks the simulator (answering every API call after `latencyMs`, tokens signed with `secret`)
 * with this process's Node flags, which must let Node run the workspace's TypeScript (the
 * benchmarks' `--import ./scripts/source-hooks.mjs`); resolves once it listens.
 */
export async function startSimulatorProcess(options: {
  secret: string;
  latencyMs: number;
}): Promise<SimulatorProcess> {
  const child: ChildProcess = fork(CHILD, [], {
    env: {
      ...process.env,
      SIMULATOR_SECRET: options.secret,
      SIMULATOR_LATENCY_MS: String(options.latencyMs),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, (answer: SimulatorAnswer) => void>();
  let nextId = 1;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => reject(new Error('the simulator process exited before it listened')));
    child.on('message', (answer: SimulatorAnswer) => {
      if (answer.id === 0 && 'baseUrl' in answer) resolve(answer.baseUrl);
      else pending.get(answer.id)?.(answer);
      pending.delete(answer.id);
    });
  });
  const ask = <A extends SimulatorAnswer>(question: SimulatorAsk): Promise<A> =>
    new Promise((resolve, reject) => {
      if (!child.connected) {
        reject(new Error('the simulator process is gone'));
        return;
      }
      const id = nextId++;
      pending.set(id, (answer) => resolve(answer as A));
      child.send({ ...question, id });
    });
  return {
    baseUrl,
    publishedCaptions: async (platform) =>
      (
        await ask<{ id: number; captions: string[]; count: number }>({
          ask: 'published',
          platform,
          countOnly: false,
        })
      ).captions,
    publishedCount: async (platform) =>
      (
        await ask<{ id: number; captions: string[]; count: number }>({
          ask: 'published',
          platform,
          countOnly: true,
        })
      ).count,
    usage: () => ask<{ id: number; calls: number; cpuMs: number }>({ ask: 'usage' }),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.disconnect();
        await exited;
      }
    },
  };
}
