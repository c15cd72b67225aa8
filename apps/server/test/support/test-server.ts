import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { startSmtpServer, type SmtpTestServer } from '@liveops/testing/smtp';
import { createApp, type App, type AppDeps } from '../../src/app';
import type { Auth } from '../../src/accounts/auth';
import type { Database } from '../../src/db/database';
import { loadConfig, type Config } from '../../src/env';
import { createLogger } from '../../src/logging/logger';
import { createMailer } from '../../src/email/mailer';
import type { Notifier } from '../../src/live/notifier';
import { TestClient } from './test-client';

/** The default runtime budgets, for a test that changes some of them (`{ ...DEFAULT_RUNTIME_LIMITS, perKey }`). */
export const DEFAULT_RUNTIME_LIMITS = loadConfig({}).runtimeLimits;
/** The defaults with the per-address and raw-event budgets out of the way, for suites that flood on purpose. */
export const UNLIMITED_BY_ADDRESS = loadConfig({
  RUNTIME_ADDRESS_RATE_LIMIT: '100000000',
  RUNTIME_ADDRESS_SESSION_LIMIT: '10000000',
  RUNTIME_PLAYER_EVENTS_PER_MINUTE: '100000000',
  RUNTIME_PLAYER_EVENT_BYTES_PER_MINUTE: '10000000000',
  RUNTIME_PLAYER_EVENTS_PER_DAY: '1000000000',
  RUNTIME_PLAYER_EVENT_BYTES_PER_DAY: '1000000000000',
}).runtimeLimits;

export type TestServer = {
  url: string;
  /** The app under test, for its route table. */
  app: App;
  /** Its Better Auth instance, for what no HTTP route offers (such as a session for an unverified account). */
  auth: Auth;
  /** Its notifier, to see whether it hears other instances (the LISTEN connection is up). */
  notifier: Notifier;
  config: Config;
  database: Database;
  smtp: SmtpTestServer;
  client: () => TestClient;
  /** This instance's storage cleanup, run now (decision 026). */
  cleanUpStorage: Awaited<ReturnType<typeof createApp>>['cleanUpStorage'];
  /** Writes the sessions this instance gathered for the analytics now (decision 047; the server does it every second). */
  flushSessionAnalytics: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The real app on a real port, with its mail going to a real SMTP server on loopback. The database is the
 * caller's (a clone of the migrated template).
 */
export async function startTestServer(
  database: Database,
  {
    smtp: givenSmtp,
    ownsDatabase = true,
    storage,
    publishing,
    now,
    ...overrides
  }: Partial<Config> & {
    smtp?: SmtpTestServer;
    ownsDatabase?: boolean;
    storage?: AppDeps['storage'];
    publishing?: AppDeps['publishing'];
    /** The player runtime's clock (decision 034). */
    now?: AppDeps['now'];
  } = {},
): Promise<TestServer> {
  const ownSmtp = !givenSmtp;
  const smtp = givenSmtp ?? (await startSmtpServer());
  let app: App | null = null;
  const server: ServerType = serve({
    fetch: (request, env) => (app ? app.fetch(request, env) : new Response('starting', { status: 503 })),
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-server-test-'));
  const config: Config = {
    ...loadConfig({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    publicUrl: url,
    smtpUrl: smtp.url,
    ...overrides,
  };
  const logger = createLogger(config.logLevel);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, logger);
  const created = await createApp({
    config,
    database,
    mailer,
    logger,
    ...(storage ? { storage } : {}),
    ...(publishing ? { publishing } : {}),
    ...(now ? { now } : {}),
  });
  app = created.app;
  return {
    url,
    app: created.app,
    auth: created.auth,
    notifier: created.notifier,
    config,
    database,
    smtp,
    client: () => new TestClient(url, config.publicUrl),
    cleanUpStorage: created.cleanUpStorage,
    flushSessionAnalytics: created.flushSessionAnalytics,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      mailer.close();
      await created.close();
      if (ownSmtp) await smtp.close();
      if (ownsDatabase) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
