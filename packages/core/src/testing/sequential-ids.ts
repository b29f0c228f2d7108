import { formatUlid, type IdGenerator, type IdPrefix } from '../kernel/index.js';

/** Predictable ids and secrets in the real formats: `post_00000000000000000000000001`, … */
export function createSequentialIds(): IdGenerator {
  let counter = 0;
  const next = () => {
    counter += 1;
    const entropy = new Uint8Array(10);
    new DataView(entropy.buffer).setUint32(6, counter);
    return entropy;
  };
  return {
    id: (prefix: IdPrefix) => `${prefix}_${formatUlid(0, next())}`,
    secret: () => Buffer.from(next()).toString('base64url').padEnd(43, 'A'),
  };
}
