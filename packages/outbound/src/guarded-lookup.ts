import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { FetchRefusal } from '@svc/core';
import ipaddr from 'ipaddr.js';
import { nonPublicRange } from './non-public-range.js';

/** An error that carries the refusal it stands for, so it survives got's error wrapping as a `cause`. */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';
  readonly code = 'ESVC_FETCH_REFUSED';
  readonly refusal: FetchRefusal;
  constructor(refusal: FetchRefusal) {
    super(`Fetch refused: ${refusal.kind}${'detail' in refusal ? ` (${refusal.detail})` : ''}`);
    this.refusal = refusal;
  }
}

/** Says why an address must not be connected to, or null when it may. */
export type AddressPolicy = (address: string) => string | null;

/**
 * The outside-link policy of the media fetcher and the webhook sender: only public addresses,
 * except the exact ones in `allowAddresses` (written in any form: ::ffff:127.0.0.1 is 127.0.0.1),
 * and everything when `allowPrivate` is on.
 */
export function addressPolicy(allowPrivate: boolean, allowAddresses: readonly string[] = []): AddressPolicy {
  const allowed = new Set(allowAddresses.map(normalizeAddress));
  return (address) => {
    if (allowPrivate || allowed.has(normalizeAddress(address))) return null;
    return nonPublicRange(address);
  };
}

function normalizeAddress(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
}

/**
 * Wraps a DNS lookup so that a name resolves only when EVERY address it resolves to passes the
 * policy. Node's net module calls this right before it connects (for the first request, each
 * redirect and each new connection), so the checked address is the one connected to: a name that
 * resolved to a public address at an earlier check and to 127.0.0.1 now (DNS rebinding) is
 * refused at this point. Refusing when any address is bad, rather than filtering, stops a record
 * set that mixes public and private addresses from landing on the private one through happy
 * eyeballs.
 */
export function guardedLookup(resolve: LookupFunction, policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, result, family) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const addresses: LookupAddress[] =
        typeof result === 'string' ? [{ address: result, family: family ?? isIP(result) }] : result;
      const first = addresses[0];
      if (first === undefined) {
        callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        return;
      }
      for (const { address } of addresses) {
        const range = policy(address);
        if (range !== null) {
          const detail = `${hostname} resolves to ${address} (${range})`;
          callback(new FetchRefusedError({ kind: 'blocked_address', detail }), '', 0);
          return;
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
