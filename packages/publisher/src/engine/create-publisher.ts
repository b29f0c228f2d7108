import { type ConnectedAccount, isStoreUnavailable, type Platform, type Post, transition } from '@svc/core';
import { createConcurrencySlots } from './concurrency-slots.js';
import { publishPost } from './publish-post.js';
import type { PublisherDeps } from './publisher-deps.js';
import { NO_PUBLISHER_OBSERVER } from './publisher-observer.js';
import type { PublisherOptions } from './publisher-options.js';

/** The publisher of one process. */
export type Publisher = {
  /** Starts the loop: claim due posts, publish them, sleep until the next one is due. */
  start(): void;
  /**
   * Stops claiming, lets running publishes finish their current step and hands their posts back
   * (their saved handles make the next publisher resume them), then resolves.
   */
  stop(): Promise<void>;
  /** Posts fall due at `dueAt`: wake up by then instead of sleeping the full interval. */
  wake(dueAt: Date): void;
  /** Claims what is due now, up to free capacity, and starts publishing it; the claimed count. */
  runOnce(): Promise<number>;
  /** Resolves when no publish is running or waiting for a slot. */
  idle(): Promise<void>;
  /** Runs claim rounds until nothing is due and nothing is running (tests with a fake clock). */
  drain(): Promise<void>;
};

/**
 * Creates the publisher. Claimed posts that would pass a platform or account limit wait in memory
 * (leased) until a slot frees, which keeps the claim query simple and still lets other accounts'
 * posts run. A busy publisher also claims a few posts ahead of its slots (`claimAheadOf`), so a
 * freed slot starts the next post at once and a claim round takes several posts, not one.
 */
export function createPublisher(deps: PublisherDeps, options: PublisherOptions): Publisher {
  const observer = deps.observer ?? NO_PUBLISHER_OBSERVER;
  const slots = createConcurrencySlots(options.concurrency);
  const waiting: Post[] = [];
  // The accounts each claim round read for its posts, and when: a post starting soon after uses
  // its account as read there instead of reading it again (one read a round, not one a post).
  const accountsRead = new WeakMap<Post, { readonly account: ConnectedAccount; readonly at: number }>();
  const running = new Set<Promise<void>>();
  const stop = { stopping: false };
  let idleWaiters: Array<() => void> = [];
  let loop: Promise<void> | null = null;
  let timer: { wakeAt: number; resolve: () => void; handle: NodeJS.Timeout } | null = null;

  const inFlight = () => running.size + waiting.length;
  const { global } = options.concurrency;
  // A round that found fewer posts than it asked for walked the whole queue: the due posts left
  // are mostly of accounts at their limit here. Asking for more than the idle slots would walk it
  // again every round (one publisher with as many slots as accounts: 16 % more CPU per post), so
  // for a while rounds ask for idle slots only, as before claiming ahead.
  let scarceUntil = 0;
  const heldAhead = () => (deps.clock.now().getTime() < scarceUntil ? 0 : claimAheadOf(global));
  // Room for claims: the slots and the posts held ahead of them, less what is running or waiting.
  const room = () => global + heldAhead() - inFlight();
  // A round is worth its statements once the posts held ahead have all started (the room is then
  // at least that many); until then a freed slot takes a waiting post and claims nothing.
  const wantsClaim = () => room() >= Math.max(1, heldAhead());
  const settleIdle = () => {
    if (inFlight() > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const pump = () => {
    for (let i = 0; i < waiting.length; ) {
      const post = waiting[i] as Post;
      if (!slots.canStart(post)) {
        i++;
        continue;
      }
      waiting.splice(i, 1);
      slots.take(post);
      const read = accountsRead.get(post);
      const fresh = read !== undefined && deps.clock.now().getTime() - read.at <= ACCOUNT_READ_FRESH_MS;
      const run = publishPost({ deps, options, stop }, post, fresh ? read.account : undefined)
        .catch((error: unknown) => {
          deps.logger.error(
            { postId: post.id, err: error instanceof Error ? error.name : 'unknown' },
            'publish crashed',
          );
          observer.publishEnded(post.platforms[0] as Platform, 'error', null);
        })
        .finally(() => {
          slots.release(post);
          running.delete(run);
          pump();
          interruptSleep(); // a slot freed: there may be room to claim more
          settleIdle();
        });
      running.add(run);
    }
  };

  const runOnce = async (): Promise<number> => {
    if (!wantsClaim() || stop.stopping) return 0;
    const free = room();
    const now = deps.clock.now();
    // Accounts already at their limit here are passed over: their posts stay queued for another
    // publisher instead of holding a slot of ours while they wait.
    const accountsInFlight = slots.byAccount();
    for (const post of waiting) {
      const account = post.profileIds[0] ?? '';
      accountsInFlight.set(account, (accountsInFlight.get(account) ?? 0) + 1);
    }
    const started = performance.now();
    const claimed = await deps.store.posts.claimDuePosts({
      now,
      limit: free,
      leaseOwner: options.leaseOwner,
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      perAccountLimit: options.concurrency.perAccount,
      accountsInFlight,
    });
    observer.claimed(performance.now() - started, claimed.length);
    if (claimed.length < free) scarceUntil = now.getTime() + SCARCE_MS;
    await readAccountsOf(claimed);
    waiting.push(...claimed);
    pump();
    return claimed.length;
  };

  async function readAccountsOf(claimed: readonly Post[]): Promise<void> {
    if (claimed.length === 0) return;
    const at = deps.clock.now().getTime();
    // Without this read each post reads its own account as it starts, so a failed one costs
    // nothing but those reads; the claimed posts must reach `waiting` either way.
    const accounts = await deps.store.accounts
      .getAccounts(claimed.flatMap((post) => post.profileIds.slice(0, 1)))
      .catch(() => []);
    const byId = new Map(accounts.map((account) => [account.id, account]));
    for (const post of claimed) {
      const account = byId.get(post.profileIds[0] ?? '');
      if (account !== undefined) accountsRead.set(post, { account, at });
    }
  }

  function interruptSleep(): void {
    const current = timer;
    if (current === null) return;
    clearTimeout(current.handle);
    timer = null;
    current.resolve();
  }

  const sleepUntil = (wakeAt: number) =>
    new Promise<void>((resolve) => {
      const handle = setTimeout(
        () => {
          timer = null;
          resolve();
        },
        Math.max(0, wakeAt - deps.clock.now().getTime()),
      );
      timer = { wakeAt, resolve, handle };
    });

  // While the database is away the loop keeps trying to claim, every few seconds at most, and
  // says so once rather than on every round.
  let storeAway = false;
  const run = async () => {
    while (!stop.stopping) {
      try {
        const free = room();
        const claimed = await runOnce();
        if (storeAway) {
          storeAway = false;
          deps.logger.info({}, 'database reachable again; claiming resumed');
        }
        if (stop.stopping) break;
        if (claimed > 0 && claimed === free) continue; // a full batch: more may be due
        const now = deps.clock.now().getTime();
        // At capacity, or with posts due that the claim passed over (their accounts are busy here),
        // a finishing publish wakes us; otherwise the next due time does, at the latest after the
        // interval. A floor keeps a post we cannot claim yet from spinning the loop. At capacity
        // the next due time changes nothing, so it is not asked for: a busy publisher claims every
        // few finished publishes, and that query would cost each round one more round trip.
        const atCapacity = !wantsClaim();
        const nextDue = atCapacity
          ? Number.POSITIVE_INFINITY
          : ((await deps.store.posts.nextDueAt())?.getTime() ?? Number.POSITIVE_INFINITY);
        const waitForSlot = atCapacity || (nextDue <= now && inFlight() > 0);
        const wakeAt = waitForSlot
          ? now + options.intervalMs
          : Math.min(Math.max(nextDue, now + 10), now + options.intervalMs);
        await sleepUntil(wakeAt);
      } catch (error) {
        if (isStoreUnavailable(error)) {
          if (!storeAway) deps.logger.warn({}, 'database unavailable; claiming paused until it returns');
          storeAway = true;
        } else {
          deps.logger.error(
            { err: error instanceof Error ? error.message : 'unknown' },
            'publisher run failed; retrying',
          );
        }
        await sleepUntil(deps.clock.now().getTime() + Math.min(5_000, options.intervalMs));
      }
    }
  };

  return {
    start() {
      if (loop !== null) return;
      stop.stopping = false;
      loop = run();
    },
    async stop() {
      stop.stopping = true;
      interruptSleep();
      await loop;
      loop = null;
      // Posts claimed but not started go back to the queue untouched by any platform call.
      for (const post of waiting.splice(0)) {
        const now = deps.clock.now();
        const released = transition(post, {
          type: 'retry_later',
          at: now,
          leaseOwner: options.leaseOwner,
          retryAt: now,
          countsAsAttempt: false,
          reason: 'publisher stopping',
        });
        // With the database away the post stays leased; the lease's end returns it to the queue.
        if (released.isOk()) {
          await deps.store.posts
            .updatePost(released.value.post, post.version, released.value.events, post)
            .catch(unlessStoreAway);
        }
      }
      await Promise.all(running);
      settleIdle();
    },
    wake(dueAt) {
      if (timer !== null && dueAt.getTime() < timer.wakeAt) interruptSleep();
    },
    runOnce,
    idle: () =>
      inFlight() === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async drain() {
      for (;;) {
        // A claim made while publishes ran may have passed over their accounts' posts: only an
        // empty claim with nothing running means nothing is left.
        const busy = inFlight() > 0;
        const claimed = await runOnce();
        await Promise.all(running);
        if (claimed === 0 && !busy && inFlight() === 0) return;
      }
    },
  };
}

/**
 * How old a claim round's read of an account may be when its post starts. An older read misses
 * only what happened to the account meanwhile: a refresh refused because another process rotated
 * the tokens adopts the newer ones (core's `refreshAccountTokens`), and an account is disconnected
 * with posts publishing only by force. So a forced disconnect lets through what it always did (a
 * publish already under way) and at most this much more: posts claimed just before it. A busy
 * publisher starts its held posts within a few publishes' time, well inside the bound.
 */
const ACCOUNT_READ_FRESH_MS = 1_000;

/** How long rounds claim no posts ahead after one came back short. */
const SCARCE_MS = 1_000;

/**
 * How many posts a publisher with `global` slots claims ahead of them: a quarter, at least one.
 * Each claim round costs a transaction (begin, the SKIP LOCKED select, commit) besides its
 * per-post writes; with slots freeing one at a time a busy publisher ran a round per post or so,
 * and with four processes on one database those rounds were a fifth of its statements (issue 34,
 * docs/benchmarks.md). A post held ahead is leased like any claimed post and, like one waiting for
 * an account's slot, starts with a compare-and-set: if its lease ran out and another publisher
 * took it meanwhile, this one loses the write and leaves it. Kept small, so a held post waits at
 * most a few publishes' time and other publishers still find work.
 */
function claimAheadOf(global: number): number {
  return Math.max(1, Math.ceil(global / 4));
}

function unlessStoreAway(error: unknown): null {
  if (isStoreUnavailable(error)) return null;
  throw error;
}
