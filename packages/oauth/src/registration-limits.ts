/**
 * How big a client registration may be (RFC 7591 metadata). Real registrations of MCP clients are
 * a few hundred bytes: a name, one or two callbacks, the grant and response types. Open
 * registration takes anyone's metadata and keeps it, so each field is bounded, and so is the
 * whole body before it is parsed.
 */
export const REGISTRATION_LIMITS = {
  /** The whole request body. */
  bodyBytes: 16 * 1024,
  /** Entries of `redirect_uris`. */
  redirectUris: 10,
  /** Characters of `client_name`. */
  nameLength: 200,
  /** Characters of any other string: a URI (`redirect_uris`, `logo_uri`…), `software_id`… */
  stringLength: 2000,
  /** Entries of any other list (`contacts`, `grant_types`…). */
  listEntries: 10,
} as const;

/**
 * Says which field of a registration is over its limit, as the `error_description` of an
 * `invalid_client_metadata` answer; null when every field is within them. Only sizes are judged
 * here: what the values mean is oidc-provider's and the redirect-URI policy's to check.
 */
export function registrationSizeRefusal(metadata: unknown): string | null {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return null;
  for (const [field, value] of Object.entries(metadata)) {
    const most =
      field === 'redirect_uris' ? REGISTRATION_LIMITS.redirectUris : REGISTRATION_LIMITS.listEntries;
    if (Array.isArray(value)) {
      if (value.length > most) return `${field} holds at most ${most} entries; this one has ${value.length}.`;
      for (const entry of value) {
        const refusal = stringRefusal(field, entry, REGISTRATION_LIMITS.stringLength, 'entries');
        if (refusal !== null) return refusal;
      }
      continue;
    }
    const longest = field.startsWith('client_name')
      ? REGISTRATION_LIMITS.nameLength
      : REGISTRATION_LIMITS.stringLength;
    const refusal = stringRefusal(field, value, longest, 'value');
    if (refusal !== null) return refusal;
  }
  return null;
}

function stringRefusal(field: string, value: unknown, longest: number, what: string): string | null {
  return typeof value === 'string' && value.length > longest
    ? `${field} ${what} must be at most ${longest} characters.`
    : null;
}
