import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { migrateDatabase, openDatabase } from './db/database';
import { ConfigError, loadConfig } from './env';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { cleanUpStorage } from './storage/clean-up-storage';

async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, '../../web/dist');
  const logger = createLogger(config.logLevel);

  const database = await openDatabase(config);
  await migrateDatabase(database);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, logger);
  const { app, close, storage } = await createApp({ config, database, mailer, logger });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const ms = Math.round(performance.now() - started);
    logger.info(
      `LiveOps Dashboard listening on ${config.publicUrl} (port ${info.port}, ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}, ready in ${ms} ms)`,
    );
    if (!config.smtpUrl) logger.info('SMTP_URL is not set: emails are printed to this log');
  });

  // In the background, never failing start-up: what crashes left in storage (decision 010).
  void cleanUpStorage({ db: database.db, storage, logger });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      mailer.close();
      await close();
      await database.close();
      process.exit(0);
    });
    // Keep-alive connections and open event streams would hold close() open.
    if ('closeAllConnections' in server) server.closeAllConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
