import type { IdPrefix } from './id-generator.js';

/** The records whose credential is a `svc_<id>.<secret>` token: API keys, invitations, review links. */
export type SecretTokenKind = Extract<IdPrefix, 'key' | 'inv' | 'rev'>;

/** A token split into the record's id (for lookup) and the secret (matched against its hash). */
export type SecretTokenParts = { readonly id: string; readonly secret: string };

/** How one kind of token is written, read back and found in a text. */
export type SecretToken = {
  /** The token shown once to whoever created the record. */
  readonly format: (id: string, secret: string) => string;
  /** Splits a token into id and secret; null when it is not shaped like one of ours. */
  readonly parse: (token: string) => SecretTokenParts | null;
  /** Finds this kind of token anywhere in a text (secret scanners, log redaction); global. */
  readonly scanPattern: RegExp;
  /**
   * The record a token names, when the token is ours and its secret matches the record's stored
   * hash; null however it fails, so a refusal tells a guesser nothing.
   */
  readonly find: <T extends { readonly tokenHash: string }>(
    token: string,
    hasher: SecretMatcher,
    load: (id: string) => Promise<T | null>,
  ) => Promise<T | null>;
};

/** Compares a secret with its stored hash (the identity area's KeyHasher is one). */
export type SecretMatcher = { matches(secret: string, hash: string): boolean };

// A 26-character ulid (Crockford base32) and a 256-bit secret as 43 base64url characters.
const ULID = '[0-9A-HJKMNP-TV-Z]{26}';
const SECRET = '[A-Za-z0-9_-]{43}';

/**
 * One token shape for every credential we hand out: `svc_key_01JD…Z.<secret>` and alike. The
 * fixed `svc_<kind>_` prefix makes a leaked token easy to recognise, the record id finds it
 * without a scan, and only the secret's hash is ever stored. `pasted` tokens (invitations and
 * review links, which people copy from a message) are read back with surrounding whitespace
 * ignored; API keys arrive in a header and must match exactly.
 */
export function secretToken(kind: SecretTokenKind, options: { readonly pasted: boolean }): SecretToken {
  const exact = new RegExp(`^svc_(${kind}_${ULID})\\.(${SECRET})$`);
  const parse = (token: string): SecretTokenParts | null => {
    const [, id, secret] = exact.exec(options.pasted ? token.trim() : token) ?? [];
    return id !== undefined && secret !== undefined ? { id, secret } : null;
  };
  return {
    format: (id, secret) => `svc_${id}.${secret}`,
    parse,
    scanPattern: new RegExp(`svc_${kind}_${ULID}\\.${SECRET}`, 'g'),
    find: async (token, hasher, load) => {
      const parts = parse(token);
      const record = parts === null ? null : await load(parts.id);
      return record !== null && parts !== null && hasher.matches(parts.secret, record.tokenHash)
        ? record
        : null;
    },
  };
}
