/** Thrown when a key is not 64 lower-case hex characters; such a key could name a path outside the store. */
export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
  constructor(key: string) {
    super(`Not a blob key (64 lower-case hex characters expected): ${JSON.stringify(key.slice(0, 80))}`);
  }
}

const KEY = /^[0-9a-f]{64}$/;

/** Whether `key` is a blob key: a SHA-256 in lower-case hex. */
export function isBlobKey(key: string): boolean {
  return KEY.test(key);
}

/**
 * Where a blob lives below a store's root, as path segments `[ab, cd, key]`; throws on a malformed
 * key. The key is the only caller-controlled part of any path or object name, so this check is
 * what keeps every read, stat and delete inside the store.
 */
export function blobKeySegments(key: string): [string, string, string] {
  if (!KEY.test(key)) throw new InvalidBlobKeyError(key);
  return [key.slice(0, 2), key.slice(2, 4), key];
}

/** Throws a RangeError unless `[start, end]` is an inclusive byte range of whole, non-negative numbers. */
export function assertByteRange(range: { readonly start: number; readonly end: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range [${start}, ${end}]`);
  }
}

/** Thrown when a blob that must exist is not stored; `code` is `ENOENT`, as for a missing file. */
export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`No blob ${key}`);
  }
}
