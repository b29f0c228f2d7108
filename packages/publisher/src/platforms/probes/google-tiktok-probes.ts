import type { PlatformProbe } from '@svc/core';
import { tiktokCredentialsSchema } from '../tiktok/tiktok-credentials.js';
import { youtubeCredentialsSchema } from '../youtube/youtube-credentials.js';
import { errorWords, probeCall } from './probe-call.js';

/** What the TikTok and Google probes are made with. */
export type OAuthProbeOptions = {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The token endpoint's host: open.tiktokapis.com, oauth2.googleapis.com. */
  readonly api: string;
  readonly timeoutMs: number;
};

/**
 * TikTok: a client access token (`grant_type=client_credentials` at /v2/oauth/token/), which
 * TikTok grants any app with a right key and secret and refuses with `invalid_client` otherwise.
 * Granted scopes are those the token answer listed at connection.
 */
export function tiktokProbe(options: OAuthProbeOptions): PlatformProbe {
  return {
    async app() {
      const answer = await probeCall(
        {
          method: 'POST',
          url: `${options.api}/v2/oauth/token/`,
          form: {
            client_key: options.clientId,
            client_secret: options.clientSecret,
            grant_type: 'client_credentials',
          },
        },
        options.timeoutMs,
      );
      if (answer.kind === 'unreachable') return answer;
      // TikTok may answer an error with HTTP 200: the body decides.
      if (typeof answer.body?.access_token === 'string') {
        return {
          kind: 'ok',
          message: 'TikTok accepts the client key and secret (a client access token was issued).',
        };
      }
      return {
        kind: 'refused',
        message: `TikTok refused the client key or secret: ${errorWords(answer.body, answer.status)}. Check TIKTOK_CLIENT_ID (the client key) and TIKTOK_CLIENT_SECRET.`,
      };
    },
    async grantedScopes(stored) {
      const credentials = tiktokCredentialsSchema.safeParse(stored);
      if (!credentials.success) return { kind: 'unknown' };
      return { kind: 'scopes', scopes: credentials.data.scope.split(/[\s,]+/).filter((s) => s !== '') };
    },
  };
}

// A refresh token no consent ever issued.
const PROBE_REFRESH_TOKEN = 'svc-platforms-check';

/**
 * Google: the token endpoint checks the client before the grant, so a made-up refresh token is
 * answered `invalid_grant` for a right client and `invalid_client` (401) for a wrong id or
 * secret. Granted scopes come from `tokeninfo` on the stored access token.
 */
export function googleProbe(options: OAuthProbeOptions): PlatformProbe {
  return {
    async app() {
      const answer = await probeCall(
        {
          method: 'POST',
          url: `${options.api}/token`,
          form: {
            client_id: options.clientId,
            client_secret: options.clientSecret,
            grant_type: 'refresh_token',
            refresh_token: PROBE_REFRESH_TOKEN,
          },
        },
        options.timeoutMs,
      );
      if (answer.kind === 'unreachable') return answer;
      const error = answer.body?.error;
      if (error === 'invalid_grant') {
        return {
          kind: 'ok',
          message:
            "Google accepts the OAuth client id and secret (it refused only the probe's made-up refresh token).",
        };
      }
      return {
        kind: 'refused',
        message: `Google refused the OAuth client: ${errorWords(answer.body, answer.status)}. Check YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET against the Google Cloud console's client.`,
      };
    },
    async grantedScopes(stored) {
      const credentials = youtubeCredentialsSchema.safeParse(stored);
      if (!credentials.success) return { kind: 'unknown' };
      const answer = await probeCall(
        {
          method: 'GET',
          url: `${options.api}/tokeninfo`,
          query: { access_token: credentials.data.accessToken },
        },
        options.timeoutMs,
      );
      if (answer.kind === 'unreachable') return answer;
      const scope = answer.body?.scope;
      // An expired access token says nothing of the grant; the next refresh renews it.
      return typeof scope === 'string' ? { kind: 'scopes', scopes: scope.split(' ') } : { kind: 'unknown' };
    },
  };
}
