/** Turns a sign-in password into its stored form (a slow, salted hash: node:crypto's scrypt in production). */
export type PasswordHasher = {
  /** The stored form of a password, its salt and parameters encoded in it. */
  hash(password: string): Promise<string>;
};
