/**
 * A person's authenticator app secret as stored: the base32 secret sealed with the service's
 * secret box (never in the clear); when a first code confirmed it (null while set-up is
 * unfinished); the last time step a code was accepted for (a code of this step or an earlier one
 * is refused).
 */
export type StoredTotp = {
  readonly userId: string;
  readonly sealedSecret: string;
  readonly confirmedAt: Date | null;
  readonly lastStep: number;
};

/**
 * A registered passkey (a WebAuthn credential) as stored: its credential id and COSE public key
 * (base64url, as the authenticator made them), the signature counter at the last use (0 for
 * authenticators that keep none), how the browser may reach it (`internal`, `usb`, `hybrid` …) and
 * the name the person sees in the list.
 */
export type StoredPasskey = {
  readonly id: string;
  readonly userId: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly name: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
};

/**
 * Second factors (docs/security.md, "Second factors"): authenticator app secrets, recovery codes
 * (only their hashes) and passkeys. Every "use" is one conditional write, so two servers given the
 * same code at once let exactly one through.
 */
export type SecondFactorStore = {
  /** The person's authenticator app secret, confirmed or not; null when none. */
  getTotp(userId: string): Promise<StoredTotp | null>;
  /** Stores an unconfirmed secret, replacing an unconfirmed one; false (nothing written) when one is confirmed. */
  putUnconfirmedTotp(userId: string, sealedSecret: string): Promise<boolean>;
  /**
   * Confirms the unconfirmed secret at `at` with the step of its first code, and replaces the
   * person's recovery codes with `recoveryCodeHashes`, in one transaction; false when there was no
   * unconfirmed secret (confirmed already, or removed meanwhile).
   */
  confirmTotp(
    userId: string,
    step: number,
    at: Date,
    recoveryCodeHashes: readonly string[],
  ): Promise<boolean>;
  /** Records that a code of `step` was accepted, unless one of this step or a later one was: true when it wrote. */
  useTotpStep(userId: string, step: number): Promise<boolean>;
  /** Marks an unused recovery code used at `at`: true when it was the person's and unused. */
  useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean>;
  /** How many of the person's recovery codes are unused. */
  countRecoveryCodes(userId: string): Promise<number>;
  /** Adds a passkey; its id must be new (a credential registered twice is refused by the caller). */
  addPasskey(passkey: StoredPasskey): Promise<void>;
  /** The person's passkeys, oldest first. */
  listPasskeys(userId: string): Promise<StoredPasskey[]>;
  /** A passkey by its credential id, whoever owns it; null when unknown. */
  getPasskey(id: string): Promise<StoredPasskey | null>;
  /**
   * Records a use of the passkey with the authenticator's new counter: true when it wrote; false
   * when the stored counter is not lower (a cloned authenticator, or a replay), unless both are 0.
   */
  usePasskey(id: string, counter: number, at: Date): Promise<boolean>;
  /** Removes one of the person's passkeys: true when it was there. */
  removePasskey(userId: string, id: string): Promise<boolean>;
  /** Removes every second factor of the person (the operator's reset): how many records went. */
  removeAll(userId: string): Promise<number>;
};
