import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { startOidcProvider, type OidcTestProvider } from '@liveops/testing/oidc';
import { freePort } from '@liveops/testing/ports';
import { startSmtpServer, type SmtpTestServer } from '@liveops/testing/smtp';
import { SERVER_ARGS } from '../../scripts/server-command.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type RunningApp = {
  url: string;
  smtp: SmtpTestServer;
  oidc: OidcTestProvider | null;
  logs: () => string;
  stop: () => Promise<void>;
  /**
   * Sends the server a signal without a graceful shutdown (SIGKILL: a crash) and waits for it to exit; the mail
   * server closes, and a DATA_DIR the caller passed stays for a restart. Use instead of stop().
   */
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

/**
 * Starts the built server the way the README's run command does (node apps/server/dist/main.js), on a fresh
 * DATA_DIR with the embedded PGlite, mail to a loopback SMTP server, and optionally Google sign-in against a
 * local OpenID Connect provider. The fresh DATA_DIR is a copy of one the server has already started on once (made
 * by the global setup), so it skips PGlite's initdb and the migrations; pass an empty `dataDir` to start as a
 * first start does.
 */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  // A free port is found by binding and releasing it; another process may take it before the server binds it
  // (EADDRINUSE). Then the start is tried again on a new port, unless the caller chose the port.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await startAppOn(port, options);
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!taken || options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

type StartOptions = {
  google?: boolean;
  env?: Record<string, string>;
  dataDir?: string;
  port?: number;
  /** How long start-up may take before the test fails; 60 s unless a test starts an app under heavier load. */
  startTimeoutMs?: number;
};

async function startAppOn(port: number, options: StartOptions): Promise<RunningApp> {
  const url = `http://localhost:${port}`;
  const smtp = await startSmtpServer();
  const oidc = options.google ? await startOidcProvider({ redirectUris: [`${url}/api/auth/callback/google`] }) : null;
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await freshDataDir());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...SERVER_ARGS], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'LiveOps Test <no-reply@liveops.test>',
      ...(oidc
        ? { GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret, GOOGLE_TEST_ISSUER: oidc.issuer }
        : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // A first start on a busy machine (PGlite initdb, loading the S3 client) has taken over a minute in CI.
  const startTimeoutMs = options.startTimeoutMs ?? 150_000;
  const deadline = Date.now() + startTimeoutMs;
  const giveUp = async (message: string): Promise<never> => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await smtp.close();
    await oidc?.close();
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw new Error(message);
  };
  for (;;) {
    if (child.exitCode !== null) await giveUp(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/me`);
      if (response.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) await giveUp(`the server did not start within ${startTimeoutMs / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    smtp,
    oidc,
    logs: () => output,
    stop: async () => {
      let code = child.exitCode;
      if (code === null) {
        child.kill('SIGTERM');
        code = await exited;
      }
      await smtp.close();
      await oidc?.close();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      // A graceful shutdown closes the database and exits 0.
      if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM:\n${output}`);
    },
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
      await smtp.close();
      await oidc?.close();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new DATA_DIR holding a copy of the global setup's template, or an empty one outside a run that made it. */
async function freshDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-e2e-'));
  const template = inject('templateDataDir');
  if (template) await cp(template, dataDir, { recursive: true });
  return dataDir;
}
