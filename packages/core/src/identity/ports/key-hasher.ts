/** Hashes API key secrets for storage and compares them without timing leaks. */
export type KeyHasher = {
  /** The stored form of a secret. */
  hash(secret: string): string;
  /** Whether `secret` hashes to `hash`, compared in constant time. */
  matches(secret: string, hash: string): boolean;
};
