import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_GOOGLE_CLIENT = { id: 'liveops-test-client', secret: 'liveops-test-secret-0123456789' } as const;

/**
 * A local OpenID Connect provider standing in for Google. Any login name is accepted (its dev interactions);
 * the account's email is the login name, and it is verified unless the name starts with "unverified".
 */
export async function startOidcProvider(options: { redirectUris: string[] }) {
  const httpServer: Server = createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_GOOGLE_CLIENT.id,
        client_secret: TEST_GOOGLE_CLIENT.secret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['liveops-oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const email = sub.includes('@') ? sub.toLowerCase() : `${sub.toLowerCase()}@google.test`;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email,
            email_verified: !email.startsWith('unverified'),
            name: `Google ${email.split('@')[0]}`,
          };
        },
      };
    },
  });
  // Silence the provider's development-key warnings in test output.
  provider.on('server_error', (_ctx, error) => console.error('[oidc] server error', error));
  const handle = provider.callback();
  httpServer.on('request', (request, response) => void handle(request, response));
  return {
    issuer,
    clientId: TEST_GOOGLE_CLIENT.id,
    clientSecret: TEST_GOOGLE_CLIENT.secret,
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

export type OidcTestProvider = Awaited<ReturnType<typeof startOidcProvider>>;
