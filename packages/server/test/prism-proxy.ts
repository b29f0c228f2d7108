import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { GeneratedRequest } from './openapi-requests.js';
import { freePort } from './support.js';

// Stoplight Prism's validation proxy (`prism proxy <document> <upstream>`) as the tests drive it.
// With --errors it answers a request it finds invalid itself (422, 401, 404; never forwarded) and
// turns a response that breaks the document into its own 500; without it, it forwards everything.
// Either way it lists what it found in the `sl-violations` header, located at `request…` or
// `response…`. An undeclared 4xx or 5xx status is only a warning, passed through in both modes.

const PRISM_BIN = join(
  createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'),
  '../dist/index.js',
);

/** Prism's own 500 to a HEAD request whose reply it could not parse (it has no body to read). */
export const UNREADABLE = 'unreadable HEAD answer';

/** One finding of Prism's, as the `sl-violations` header lists it. */
export type Violation = {
  location: (string | number)[];
  severity: string;
  code?: string | number;
  message: string;
};

/** What came back for one generated request. */
export type Outcome = {
  request: GeneratedRequest;
  requestId: string;
  /** Which Prism answered; `direct`: the server itself, for what Prism cannot read. */
  via: 'strict' | 'lenient' | 'direct';
  /** Prism with --errors refused the generated "valid" request; it was sent again without. */
  refusedByStrict: Violation[] | null;
  status: number;
  contentType: string;
  text: string;
  violations: Violation[];
  /** The answer is Prism's own (problem+json of stoplight.io/prism/errors#…), not the server's. */
  byPrism: string | null;
  failure: string | null;
};

/** A running `prism proxy`. */
export type Prism = { url: string; child: ChildProcess; output: () => string };

/** Starts `prism proxy` on a free loopback port; rejects (never skips) when it cannot start. */
export async function startPrism(docFile: string, upstream: string, errors: boolean): Promise<Prism> {
  const port = await freePort();
  const args = [PRISM_BIN, 'proxy', docFile, upstream, '--host', '127.0.0.1', '--port', String(port)];
  const child = spawn(process.execPath, [...args, ...(errors ? ['--errors'] : []), '-v', 'error'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  const prism = { url: `http://127.0.0.1:${port}`, child, output: () => output };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}: ${output}`);
    try {
      // Any answer means it listens: an unknown path is Prism's 404, or forwarded without --errors.
      await fetch(`${prism.url}/__prism_ready`, { signal: AbortSignal.timeout(1_000) });
      return prism;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`prism did not start within 30 s: ${output}`);
}

/** The violations of an `sl-violations` header (none without one). */
export function parseViolations(header: string | null): Violation[] {
  if (header === null) return [];
  try {
    return JSON.parse(header) as Violation[];
  } catch {
    // Prism cuts the header at 8 kB ("Too many violations! …"): keep it as one violation.
    return [{ location: ['response'], severity: 'Error', message: header.slice(0, 300) }];
  }
}

/** Sends one request to `target` (a Prism or the server) with the key, and reads the answer. */
export async function send(
  request: GeneratedRequest,
  target: { url: string; child?: ChildProcess },
  requestId: string,
  key: string,
): Promise<Omit<Outcome, 'request' | 'refusedByStrict' | 'via'>> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${key}`,
    ...request.headers,
    'X-Request-Id': requestId,
  };
  if (headers.Authorization === '') delete headers.Authorization;
  try {
    const res = await fetch(`${target.url}${request.url}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    let byPrism: string | null = null;
    if (contentType.startsWith('application/problem+json')) {
      // A HEAD answer has no body to name the problem.
      const type = text === '' ? UNREADABLE : String((JSON.parse(text) as { type?: unknown }).type ?? '');
      byPrism = type.replace('https://stoplight.io/prism/errors#', '');
    }
    return {
      requestId,
      status: res.status,
      contentType,
      text,
      violations: parseViolations(res.headers.get('sl-violations')),
      byPrism,
      failure: null,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const exit = target.child?.exitCode ?? null;
    const alive = exit === null ? '' : ` (Prism exited with ${exit})`;
    const failure = `no answer: ${(error as Error).message} ${cause?.code ?? cause?.message ?? ''}${alive}`;
    return { requestId, status: 0, contentType: '', text: '', violations: [], byPrism: null, failure };
  }
}

/**
 * Sends one request the way its intent needs: valid ones through Prism with --errors; invalid
 * ones, and valid ones that Prism refused itself, through Prism without it, so they reach the
 * server. A HEAD answer with a JSON type (every error reply) is one Prism cannot read: it answers
 * its own 500 instead, so that request is sent to the server directly and checked by us alone.
 */
export async function exchange(
  request: GeneratedRequest,
  id: string,
  to: { strict: Prism; lenient: Prism; server: { url: string }; key: string },
): Promise<Outcome> {
  let outcome: Outcome;
  if (request.intent === 'valid') {
    const first = await send(request, to.strict, id, to.key);
    if (first.byPrism !== null && first.byPrism !== 'VIOLATIONS' && first.byPrism !== UNREADABLE) {
      let refused: Violation[] = [];
      try {
        refused = (JSON.parse(first.text).validation ?? []) as Violation[];
      } catch {}
      const again = await send(request, to.lenient, `${id}-again`, to.key);
      outcome = { ...again, request, via: 'lenient', refusedByStrict: refused };
    } else {
      outcome = { ...first, request, via: 'strict', refusedByStrict: null };
    }
  } else {
    outcome = {
      ...(await send(request, to.lenient, id, to.key)),
      request,
      via: 'lenient',
      refusedByStrict: null,
    };
  }
  if (outcome.byPrism === UNREADABLE) {
    const direct = await send(request, to.server, `${id}-direct`, to.key);
    outcome = { ...direct, request, via: 'direct', refusedByStrict: outcome.refusedByStrict };
  }
  return outcome;
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}
