/**
 * How a TikTok PKCE challenge writes the SHA-256 of the verifier: `hex` (what TikTok documents, for
 * Login Kit for Desktop) or `base64url` (RFC 7636, what other maintained clients send on the web).
 * One setting (TIKTOK_PKCE_ENCODING, docs/connections.md) is read by the adapter and the simulator
 * alike, so one live login can settle it without a code change.
 */
export const TIKTOK_PKCE_ENCODINGS = ['hex', 'base64url'] as const;

/** An encoding of the TikTok PKCE challenge. */
export type TikTokPkceEncoding = (typeof TIKTOK_PKCE_ENCODINGS)[number];

/** The encoding used when none is configured: the only one TikTok's documentation shows. */
export const DEFAULT_TIKTOK_PKCE_ENCODING: TikTokPkceEncoding = 'hex';
