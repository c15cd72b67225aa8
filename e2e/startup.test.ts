import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@liveops/testing/ports';
import { verificationLink } from '@liveops/testing/smtp';
import { SERVER_ARGS } from '../scripts/server-command.mjs';
import { startApp } from './support/app';
import { PASSWORD, uniqueEmail } from './support/pages';

const root = fileURLToPath(new URL('..', import.meta.url));

function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, [...SERVER_ARGS], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-startup-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('start-up', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['SMTP_URL', 'mail.example.com'],
    ['AUTH_SECRET', 'short'],
  ])('stops with a message naming %s when its value is bad', (name, value) => {
    const result = startWith({ DATA_DIR: dataDir, [name]: value });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(name);
    expect(result.stderr).toContain('Invalid configuration');
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'assets', S3_ACCESS_KEY_ID: 'only-the-id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'Not A Bucket!' }, 'S3_BUCKET'],
  ])('stops with a message naming the S3 variable at fault (%o)', (env, name) => {
    const result = startWith({ DATA_DIR: dataDir, ...env });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(name);
  });

  it('stops when only one of the Google credentials is set', () => {
    const result = startWith({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'only-the-id' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('GOOGLE_CLIENT_SECRET');
  });

  it('keeps data and sessions across a restart on the same DATA_DIR, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await startApp({ dataDir, port });
    const email = uniqueEmail('restart');
    const origin = first.url;
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    const token = new URL(verificationLink(await first.smtp.waitForMail(email))).searchParams.get('token');
    const verified = await fetch(`${origin}/api/auth/verify-email?token=${token}`);
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await fetch(`${origin}/api/me`, { headers: { cookie } })).status).toBe(200);
    await first.stop();

    const second = await startApp({ dataDir, port });
    try {
      const me = await fetch(`${second.url}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(email);
    } finally {
      await second.stop();
    }
  });
});
