import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** An OAuthClientProvider that keeps everything in memory and records where it was sent to authorize. */
export type TestClientProvider = OAuthClientProvider & {
  /** The authorization URL of the last redirect the SDK asked for. */
  authorizationUrl(): URL;
  savedTokens(): OAuthTokens | undefined;
  savedClient(): OAuthClientInformationMixed | undefined;
};

/** A provider for a native-style client that listens on a loopback redirect URI. */
export function createTestClientProvider(
  redirectUrl: string,
  metadata: Partial<OAuthClientMetadata> = {},
): TestClientProvider {
  let client: OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier: string | undefined;
  let lastAuthorization: URL | undefined;
  return {
    redirectUrl,
    clientMetadata: {
      client_name: 'Test Agent',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    },
    state: () => 'state-for-the-test',
    clientInformation: () => client,
    saveClientInformation(information) {
      client = information;
    },
    tokens: () => tokens,
    saveTokens(saved) {
      tokens = saved;
    },
    redirectToAuthorization(url) {
      lastAuthorization = url;
    },
    saveCodeVerifier(saved) {
      verifier = saved;
    },
    codeVerifier() {
      if (verifier === undefined) throw new Error('No code verifier saved yet.');
      return verifier;
    },
    authorizationUrl() {
      if (lastAuthorization === undefined) throw new Error('The SDK never asked to authorize.');
      return lastAuthorization;
    },
    savedTokens: () => tokens,
    savedClient: () => client,
  };
}
