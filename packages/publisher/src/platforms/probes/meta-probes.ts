import type { PlatformProbe, ProbeOutcome, ScopesProbe } from '@svc/core';
import { facebookCredentialsSchema } from '../facebook/facebook-credentials.js';
import { userTokenCredentialsSchema } from '../meta/user-token-credentials.js';
import { errorWords, probeCall } from './probe-call.js';

/** What a Meta probe is made with. */
export type MetaProbeOptions = {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The unversioned Graph host (graph.facebook.com, graph.threads.net). */
  readonly graph: string;
  readonly version: string;
  readonly timeoutMs: number;
};

/**
 * Asks Graph for the app access token (`grant_type=client_credentials`): Meta answers it only
 * for a known app id with its secret, and code 101 otherwise. Nothing is created or posted.
 */
async function appToken(name: string, options: MetaProbeOptions): Promise<ProbeOutcome & { token?: string }> {
  const answer = await probeCall(
    {
      method: 'GET',
      // Facebook's token endpoint sits under the version, as the adapter calls it; Threads' app
      // token is documented unversioned.
      url: `${options.graph}${name === 'Facebook' ? `/${options.version}` : ''}/oauth/access_token`,
      query: {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
      },
    },
    options.timeoutMs,
  );
  if (answer.kind === 'unreachable') return answer;
  const token = answer.body?.access_token;
  if (answer.status === 200 && typeof token === 'string') {
    return {
      kind: 'ok',
      message: `${name} accepts the app id and secret (an app access token was issued).`,
      token,
    };
  }
  return {
    kind: 'refused',
    message: `${name} refused the app id or secret: ${errorWords(answer.body, answer.status)}. Check the CLIENT_ID and CLIENT_SECRET against the App Dashboard.`,
  };
}

/** `GET /debug_token?input_token`: the scopes a user token holds (Graph's token inspection). */
async function debugScopes(
  name: string,
  options: MetaProbeOptions,
  accessToken: string,
  inputToken: string,
): Promise<ScopesProbe> {
  const answer = await probeCall(
    {
      method: 'GET',
      url: `${options.graph}/${options.version}/debug_token`,
      query: { input_token: inputToken, access_token: accessToken },
    },
    options.timeoutMs,
  );
  if (answer.kind === 'unreachable') return answer;
  const data = answer.body?.data as
    | { is_valid?: unknown; scopes?: unknown; error?: { message?: unknown } }
    | undefined;
  if (answer.status !== 200 || data === undefined) return { kind: 'unknown' };
  if (data.is_valid !== true) {
    return {
      kind: 'refused',
      message: `${name}: ${String(data.error?.message ?? 'the token is not valid')}`,
    };
  }
  return Array.isArray(data.scopes)
    ? { kind: 'scopes', scopes: data.scopes.map(String) }
    : { kind: 'unknown' };
}

/** Facebook: the app token, and debug_token (with it) on each Page's user token. */
export function facebookProbe(options: MetaProbeOptions): PlatformProbe {
  let token: Promise<ProbeOutcome & { token?: string }> | null = null;
  const app = () => {
    token ??= appToken('Facebook', options);
    return token;
  };
  return {
    app,
    async grantedScopes(stored) {
      const credentials = facebookCredentialsSchema.safeParse(stored);
      if (!credentials.success) return { kind: 'unknown' };
      const outcome = await app();
      if (outcome.token === undefined) return { kind: 'unknown' };
      return debugScopes('Facebook', options, outcome.token, credentials.data.userAccessToken);
    },
  };
}

/** Threads: the app token, and debug_token on each account's own token (a token of the same app). */
export function threadsProbe(options: MetaProbeOptions): PlatformProbe {
  return {
    app: () => appToken('Threads', options),
    async grantedScopes(stored) {
      const credentials = userTokenCredentialsSchema.safeParse(stored);
      if (!credentials.success) return { kind: 'unknown' };
      const token = credentials.data.accessToken;
      return debugScopes('Threads', options, token, token);
    },
  };
}

/** What an Instagram probe is made with: the code-exchange host besides the rest. */
export type InstagramProbeOptions = Omit<MetaProbeOptions, 'graph' | 'version'> & { readonly api: string };

// A code no login ever issued: exchanging it creates nothing.
const PROBE_CODE = 'svc-platforms-check';

/**
 * Instagram Login has no app token, so the probe offers its code endpoint a made-up code: the
 * app id and secret are checked before the code ("Invalid platform app", "Error validating
 * client secret"), so a refusal of the code itself proves the credentials right. Granted scopes
 * are those the code exchange listed when the account connected.
 */
export function instagramProbe(options: InstagramProbeOptions, redirectUri: string): PlatformProbe {
  return {
    async app() {
      const answer = await probeCall(
        {
          method: 'POST',
          url: `${options.api}/oauth/access_token`,
          form: {
            client_id: options.clientId,
            client_secret: options.clientSecret,
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
            code: PROBE_CODE,
          },
        },
        options.timeoutMs,
      );
      if (answer.kind === 'unreachable') return answer;
      const words = errorWords(answer.body, answer.status);
      if (/platform app|application|client secret|client_id/i.test(words)) {
        return {
          kind: 'refused',
          message: `Instagram refused the app id or secret: ${words}. Use the Instagram app id and secret (App Dashboard → Instagram → API setup with Instagram login), not the Meta app's.`,
        };
      }
      return {
        kind: 'ok',
        message: `Instagram accepts the app id and secret (it refused only the probe's made-up code: ${words}).`,
      };
    },
    async grantedScopes(stored) {
      const credentials = userTokenCredentialsSchema.safeParse(stored);
      const permissions = credentials.success ? credentials.data.permissions : undefined;
      return permissions === undefined ? { kind: 'unknown' } : { kind: 'scopes', scopes: permissions };
    },
  };
}
