import { createHash } from 'node:crypto';
import type {
  AuthorizationRequest,
  CodeCallback,
  CodeExchange,
  ConnectedProfile,
  RefreshedCredentials,
} from '@svc/core';
import type { z } from 'zod';
import type { PlatformOAuth } from '../shared/define-platform-gateway.js';
import type { GoogleClient } from './google-client.js';
import { type GoogleFailure, GoogleRequestError } from './google-failure.js';
import { channelListSchema, googleTokenSchema, type YouTubeChannel } from './youtube-api.js';
import type { YouTubeCredentials } from './youtube-credentials.js';
import { youtubeData } from './youtube-data.js';

/** What the OAuth calls need. */
export type YouTubeOAuthConfig = {
  readonly google: GoogleClient;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly hosts: { readonly accounts: string; readonly oauth2: string; readonly api: string };
  readonly scopes: readonly string[];
  readonly channelUrl: (channelId: string) => string;
  readonly now: () => Date;
};

/** Google's OAuth for installed and web apps (platforms.md 3.1), with offline access and PKCE. */
export function createYouTubeOAuth(config: YouTubeOAuthConfig): PlatformOAuth<YouTubeCredentials> {
  return {
    authorizeUrl: (request) => youtubeAuthorizeUrl(config, request),
    exchangeCode: (input) => exchangeYouTubeCode(config, input),
    refresh: (credentials) => refreshYouTubeCredentials(config, credentials),
  };
}

/**
 * Google's consent page (platforms.md 3.1): offline access and `prompt=consent`, so every consent
 * gives a refresh token, and the PKCE S256 challenge of the request's verifier.
 */
function youtubeAuthorizeUrl(config: YouTubeOAuthConfig, request: AuthorizationRequest): string {
  return `${config.hosts.accounts}/o/oauth2/v2/auth?${new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: config.scopes.join(' '),
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: request.state,
    code_challenge: createHash('sha256').update(request.codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
}

/**
 * Exchanges the code (with the PKCE verifier) and reads the channel. Refusals a person can act
 * on come back as `refused`; faults (no answer, 5xx) reject, to be tried again.
 */
async function exchangeYouTubeCode(config: YouTubeOAuthConfig, input: CodeCallback): Promise<CodeExchange> {
  try {
    const tokens = await config.google.json(googleTokenSchema, {
      method: 'POST',
      url: `${config.hosts.oauth2}/token`,
      form: {
        grant_type: 'authorization_code',
        code: input.code,
        client_id: config.clientId,
        client_secret: config.clientSecret,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      },
    });
    // Without one the account would stop working within the hour; prompt=consent should always give it.
    if (tokens.refresh_token === undefined) {
      return {
        kind: 'refused',
        reason:
          'Google gave no refresh token. Remove the app at myaccount.google.com/permissions, then connect again.',
      };
    }
    const host = { google: config.google, api: config.hosts.api };
    const listed = await youtubeData(host, tokens.access_token, channelListSchema, {
      method: 'GET',
      resource: 'channels',
      searchParams: { part: 'snippet,statistics', mine: 'true' },
    });
    const channel = listed.items?.[0];
    if (channel === undefined) {
      return {
        kind: 'refused',
        reason: 'This Google account has no YouTube channel. Create one on youtube.com, then connect again.',
      };
    }
    const credentials = {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      channelId: channel.id,
      // What was granted, to tell a first comment the account may not post (youtube.force-ssl).
      ...(tokens.scope === undefined ? {} : { scope: tokens.scope }),
    };
    const expiresAt = new Date(config.now().getTime() + tokens.expires_in * 1000);
    return { kind: 'connected', profiles: [profileOf(config, channel, credentials, expiresAt)] };
  } catch (error) {
    const reason = error instanceof GoogleRequestError ? refusal(error.failure) : null;
    if (reason === null) throw error;
    return { kind: 'refused', reason };
  }
}

function profileOf(
  config: YouTubeOAuthConfig,
  channel: YouTubeChannel,
  credentials: Record<string, unknown>,
  tokenExpiresAt: Date,
): ConnectedProfile {
  const stats = channel.statistics;
  const subscribers = Number(stats?.subscriberCount);
  return {
    platformAccountId: channel.id,
    handle: channel.snippet?.customUrl?.replace(/^@/, '') || channel.snippet?.title || channel.id,
    profileUrl: config.channelUrl(channel.id),
    profileImageUrl: channel.snippet?.thumbnails?.default?.url ?? null,
    followerCount:
      stats?.hiddenSubscriberCount === true || !Number.isFinite(subscribers) ? null : subscribers,
    credentials,
    tokenExpiresAt,
  };
}

/** Why Google refused a connection, for the person connecting; null for faults (no answer, 5xx). */
function refusal(failure: GoogleFailure): string | null {
  if (failure.status === null || failure.status >= 500) return null;
  const said = (failure.message ?? failure.reason ?? failure.detail).replace(/\.$/, '');
  return `Google refused the connection: ${said}. Start connecting the account again and allow every permission asked for.`;
}

/**
 * A new access token from the refresh token, keeping the stored refresh token unless Google
 * sends a new one. `invalid_grant` (revoked, expired, or a testing app's 7-day limit) means
 * reconnecting: null. Anything else rejects: faults are tried again, and a refused client is a
 * configuration problem no reconnect fixes.
 */
async function refreshYouTubeCredentials(
  config: YouTubeOAuthConfig,
  credentials: YouTubeCredentials,
): Promise<RefreshedCredentials | null> {
  let tokens: z.infer<typeof googleTokenSchema>;
  try {
    tokens = await config.google.json(googleTokenSchema, {
      method: 'POST',
      url: `${config.hosts.oauth2}/token`,
      form: {
        grant_type: 'refresh_token',
        refresh_token: credentials.refreshToken,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      },
    });
  } catch (error) {
    if (error instanceof GoogleRequestError && error.failure.reason === 'invalid_grant') return null;
    throw error;
  }
  return {
    credentials: {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? credentials.refreshToken,
      channelId: credentials.channelId,
      ...(typeof (tokens.scope ?? credentials.scope) === 'string'
        ? { scope: tokens.scope ?? credentials.scope }
        : {}),
    },
    expiresAt: new Date(config.now().getTime() + tokens.expires_in * 1000),
  };
}
