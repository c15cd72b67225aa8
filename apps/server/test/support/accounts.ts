import { expect } from 'vitest';
import { verificationLink } from '@liveops/testing/smtp';
import type { TestClient } from './test-client';
import type { TestServer } from './test-server';

export const PASSWORD = 'correct horse battery';

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** Signs up through the API and returns the token from the verification email. */
export async function signUp(server: TestServer, client: TestClient, email: string): Promise<string> {
  // The address may have had mail before (an invitation): the verification is the next one.
  const before = server.smtp.mailsTo(email).length;
  const response = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return tokenOf(verificationLink(await server.smtp.waitForMail(email, before + 1)));
}

/** A new account, verified from its email; the client holds its session. */
export async function signUpAndVerify(server: TestServer, client: TestClient, email: string): Promise<string> {
  const token = await signUp(server, client, email);
  const verified = await client.get(`/api/auth/verify-email?token=${token}`);
  expect(verified.status).toBe(200);
  return token;
}

/** A signed-in, verified visitor on the server. */
export async function signedInClient(server: TestServer, email: string): Promise<TestClient> {
  const client = server.client();
  await signUpAndVerify(server, client, email);
  return client;
}
