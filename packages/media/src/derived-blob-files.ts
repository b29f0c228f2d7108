/**
 * Small files derived from a blob (its thumbnails), kept beside it under the blob's key and a name,
 * and removed with it: the orphaned-blob sweep's delete takes them along, so derived data never
 * outlives the bytes it was made from.
 */
export type DerivedBlobFiles = {
  /** The derived file `name` of blob `key`, or null when it was not made yet. */
  readDerived(key: string, name: string): Promise<Uint8Array | null>;
  /**
   * Stores the derived file `name` of blob `key` whole or not at all (a temp file renamed into
   * place on disk, one PutObject in S3): a reader sees no file or the whole one, never a part.
   */
  putDerived(key: string, name: string, bytes: Uint8Array): Promise<void>;
};

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+$/;

/**
 * Throws unless `name` is a derived file's name (`thumbnail-160.webp`): lower-case words, one
 * extension. With the blob key's own check, this keeps every derived path inside the store.
 */
export function assertDerivedName(name: string): void {
  if (!NAME.test(name)) throw new RangeError(`Not a derived file name: ${JSON.stringify(name.slice(0, 80))}`);
}
