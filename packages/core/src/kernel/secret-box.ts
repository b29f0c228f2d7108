/** Authenticated encryption of secrets at rest (platform tokens), keyed by `SVC_SECRET`. */
export type SecretBox = {
  /** Encrypts a UTF-8 string into an opaque, storable string. */
  seal(plaintext: string): string;
  /** Decrypts what `seal` produced; throws when the value was tampered with or the key differs. */
  open(sealed: string): string;
};
