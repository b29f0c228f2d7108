import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxPlatform } from './sandbox-publication.js';

/**
 * `short`/`long` are Instagram and Threads user tokens; `user`/`page` are Facebook's;
 * `access`/`refresh` are TikTok's and Google's.
 */
export type TokenKind = 'short' | 'long' | 'user' | 'page' | 'access' | 'refresh';

/** What a sandbox access token carries. Times are milliseconds since the epoch. */
export type TokenPayload = {
  readonly p: SandboxPlatform;
  readonly k: TokenKind;
  /** The user id (Instagram, Threads, Facebook user token) or the Page id (Page token). */
  readonly uid: string;
  /** The handle (or Page name) chosen on the consent page. */
  readonly h: string;
  readonly iat: number;
  /** Null for tokens that do not expire (Facebook Page tokens). */
  readonly exp: number | null;
  readonly n: string;
  /** The account's invalidation generation when issued; tokens of older generations are refused. */
  readonly g?: number;
  /**
   * The scopes granted on the consent page, as the platform writes them (comma or space list).
   * Absent when the consent named none: such a token holds every scope.
   */
  readonly s?: string;
};

/** What an authorization code carries: the app, redirect and handle it was issued for. */
export type CodePayload = {
  readonly p: SandboxPlatform;
  readonly c: string;
  readonly r: string;
  readonly h: string;
  readonly iat: number;
  readonly exp: number;
  readonly n: string;
  /** The PKCE S256 challenge the authorize request carried, if any. */
  readonly pk?: string;
  /** The scopes granted on the consent page, as the platform writes them. */
  readonly s?: string;
};

/** Lifetimes the real platforms document (platforms.md 1.1, 4.1, 5.1). */
export const LIFETIMES_MS = {
  code: 10 * 60_000,
  short: 60 * 60_000,
  long: 60 * 24 * 60 * 60_000,
  /** TikTok's documented `expires_in` (86400) and `refresh_expires_in` (31536000). */
  tiktokAccess: 24 * 60 * 60_000,
  tiktokRefresh: 365 * 24 * 60 * 60_000,
  /** Google's `expires_in` of 3599 s. */
  googleAccess: 3_599_000,
} as const;

// Prefixes look like the real tokens', so log scrubbers and prefix checks behave as in production.
// Each is four characters: `unseal` reads the prefix back by length.
const META_PREFIX = { instagram: 'IGAA', threads: 'THAA', facebook: 'EAAB' } as const;

function tokenPrefix(platform: SandboxPlatform, kind: TokenKind): string {
  if (platform === 'tiktok') return kind === 'refresh' ? 'rft.' : 'act.';
  if (platform === 'youtube') return kind === 'refresh' ? '1//0' : 'ya29';
  return META_PREFIX[platform];
}
const PLATFORMS: ReadonlySet<string> = new Set(['instagram', 'threads', 'facebook', 'tiktok', 'youtube']);
const CODE_PREFIX = 'AQ';

/** A random nonce, so two tokens issued in the same millisecond still differ. */
export function newNonce(): string {
  return randomBytes(9).toString('base64url');
}

// The purpose is part of what is signed, so a code can never be passed off as a token.
function mac(secret: string, purpose: 'token' | 'code', body: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${body}`).digest('base64url');
}

function seal(secret: string, purpose: 'token' | 'code', prefix: string, payload: object): string {
  const body = `${prefix}${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${mac(secret, purpose, body)}`;
}

function unseal(secret: string, purpose: 'token' | 'code', value: string): Record<string, unknown> | null {
  const dot = value.lastIndexOf('.');
  if (dot < 0) return null;
  const body = value.slice(0, dot);
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(value.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const prefix = purpose === 'code' ? CODE_PREFIX : body.slice(0, 4);
  if (!body.startsWith(prefix)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body.slice(prefix.length), 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Signs a token payload into `<PREFIX><base64url(json)>.<hmac>`. */
export function signToken(secret: string, payload: TokenPayload): string {
  return seal(secret, 'token', tokenPrefix(payload.p, payload.k), payload);
}

/** The payload of a genuine sandbox token whose prefix matches its platform; null otherwise. Expiry is not checked. */
export function readToken(secret: string, token: string): TokenPayload | null {
  const payload = unseal(secret, 'token', token) as TokenPayload | null;
  if (payload === null || !PLATFORMS.has(payload.p) || !token.startsWith(tokenPrefix(payload.p, payload.k))) {
    return null;
  }
  return typeof payload.uid === 'string' && typeof payload.iat === 'number' ? payload : null;
}

/** Signs an authorization code. */
export function signCode(secret: string, payload: CodePayload): string {
  return seal(secret, 'code', CODE_PREFIX, payload);
}

/** The payload of a genuine sandbox code; null otherwise. Expiry and reuse are not checked. */
export function readCode(secret: string, code: string): CodePayload | null {
  const payload = unseal(secret, 'code', code) as CodePayload | null;
  return payload !== null && typeof payload.n === 'string' && typeof payload.exp === 'number'
    ? payload
    : null;
}

/** Issues a token of `kind` for an account, valid for `lifetimeMs` (null: never expires). */
export function issueToken(
  secret: string,
  input: {
    readonly platform: SandboxPlatform;
    readonly kind: TokenKind;
    readonly uid: string;
    readonly handle: string;
    readonly now: number;
    readonly lifetimeMs: number | null;
    readonly generation: number;
    /** The granted scopes the token carries; undefined for every scope. */
    readonly scopes?: string | undefined;
  },
): string {
  const payload: TokenPayload = {
    p: input.platform,
    k: input.kind,
    uid: input.uid,
    h: input.handle,
    iat: input.now,
    exp: input.lifetimeMs === null ? null : input.now + input.lifetimeMs,
    n: newNonce(),
    ...(input.generation > 0 ? { g: input.generation } : {}),
    ...(input.scopes === undefined ? {} : { s: input.scopes }),
  };
  return signToken(secret, payload);
}
