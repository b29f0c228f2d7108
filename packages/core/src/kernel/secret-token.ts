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
};

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
  return {
    format: (id, secret) => `svc_${id}.${secret}`,
    parse: (token) => {
      const [, id, secret] = exact.exec(options.pasted ? token.trim() : token) ?? [];
      return id !== undefined && secret !== undefined ? { id, secret } : null;
    },
    scanPattern: new RegExp(`svc_${kind}_${ULID}\\.${SECRET}`, 'g'),
  };
}
