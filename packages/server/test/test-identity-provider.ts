import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test provider knows, by the login typed on its sign-in page. */
export type ProviderPerson = { readonly email: string; readonly emailVerified: boolean };

/** A real OpenID Connect provider (node-oidc-provider) on loopback, with its development sign-in pages. */
export type TestIdentityProvider = {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Registers the one client (the service's console) once the service's callback URL is known. */
  register(redirectUri: string): void;
  /** While on, the token endpoint answers an ID token issued for another client (wrong audience). */
  wrongAudience: boolean;
  close(): Promise<void>;
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

// An ID token as the provider would sign it for another of its clients: same key, same issuer,
// same person, another audience.
function reissuedFor(idToken: string, audience: string, key: KeyObject, kid: string): string {
  const [, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  const body = `${base64url({ alg: 'RS256', typ: 'JWT', kid })}.${base64url({ ...claims, aud: audience, azp: audience })}`;
  return `${body}.${sign('sha256', Buffer.from(body), key).toString('base64url')}`;
}

/**
 * Starts the provider. Its login page takes any password; the login names a person of `people`
 * (an unknown login is a person without an e-mail). Discovery is at `<issuer>/.well-known/openid-configuration`.
 */
export async function startTestIdentityProvider(
  people: Readonly<Record<string, ProviderPerson>>,
): Promise<TestIdentityProvider> {
  let handler: ReturnType<Provider['callback']> | null = null;
  const server: Server = createServer((req, res) => {
    if (handler === null) res.writeHead(503).end();
    else handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const idp: TestIdentityProvider = {
    issuer,
    clientId: 'svc-console',
    clientSecret: 'test-client-secret-of-the-svc-console',
    wrongAudience: false,
    register(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: idp.clientId,
            client_secret: idp.clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] },
        cookies: { keys: ['test-identity-provider-cookie-key'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'] },
        async findAccount(_ctx, id) {
          const person = people[id];
          return {
            accountId: id,
            claims: async () =>
              person === undefined
                ? { sub: id }
                : { sub: id, email: person.email, email_verified: person.emailVerified },
          };
        },
      });
      provider.use(async (ctx, next) => {
        await next();
        const body = ctx.body as { id_token?: string } | undefined;
        if (idp.wrongAudience && ctx.path === '/token' && typeof body?.id_token === 'string')
          ctx.body = { ...body, id_token: reissuedFor(body.id_token, 'another-app', privateKey, kid) };
      });
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return idp;
}
