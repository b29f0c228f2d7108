import { randomBytes } from 'node:crypto';
import { type Clock, formatUlid, type IdGenerator, type IdPrefix } from '../kernel/index.js';

/** Ids from the clock and the system's CSPRNG; monotonic within one process even within a millisecond. */
export function createRandomIdGenerator(clock: Clock): IdGenerator {
  let lastMs = -1;
  let lastEntropy: Uint8Array = new Uint8Array(10);
  return {
    id(prefix: IdPrefix): string {
      const ms = clock.now().getTime();
      if (ms === lastMs) {
        lastEntropy = increment(lastEntropy);
      } else {
        lastMs = ms;
        lastEntropy = new Uint8Array(randomBytes(10));
      }
      return `${prefix}_${formatUlid(ms, lastEntropy)}`;
    },
    secret: () => randomBytes(32).toString('base64url'),
  };
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = new Uint8Array(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    next[i] = ((next[i] ?? 0) + 1) & 0xff;
    if (next[i] !== 0) break;
  }
  return next;
}
