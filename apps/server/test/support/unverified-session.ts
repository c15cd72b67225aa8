import { makeSignature } from 'better-auth/crypto';
import { signUp } from './accounts';
import type { TestClient } from './test-client';
import type { TestServer } from './test-server';

/**
 * A visitor signed in to an account whose email is not verified. Better Auth refuses a password sign-in before
 * verification, so the account is signed up through the API and its session is opened the way Better Auth's own
 * test utilities do: a session row from the internal adapter, and its token in the session cookie, signed with
 * the server's secret exactly as Better Auth signs it.
 */
export async function unverifiedClient(
  server: TestServer,
  email: string,
): Promise<{ client: TestClient; userId: string }> {
  const client = server.client();
  await signUp(server, client, email);
  const context = await server.auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email);
  if (!found) throw new Error(`${email} was not signed up`);
  if (found.user.emailVerified) throw new Error(`${email} is already verified`);
  const session = await context.internalAdapter.createSession(found.user.id);
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  client.setCookie(context.authCookies.sessionToken.name, encodeURIComponent(signed));
  return { client, userId: found.user.id };
}
