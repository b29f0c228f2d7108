/** Turns a sign-in password into its stored form and checks one against it (node:crypto's scrypt in production). */
export type PasswordHasher = {
  /** The stored form of a password, its salt and parameters encoded in it. */
  hash(password: string): Promise<string>;
  /** Whether `password` is the one `stored` was made from. */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * A stored form no password matches, checked when the email is unknown so that a refusal takes
   * as long as a wrong password and timing does not tell which emails exist.
   */
  readonly decoyHash: string;
};
