import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { LIVE_UPDATES_PATH } from '@liveops/domain/shared';
import { createApp } from './app';
import { migrateDatabase, openDatabase } from './db/database';
import { ConfigError, loadConfig } from './env';
import { behindProxy } from './http/client-ip';
import { trackRequests } from './http/drain';
import { createLogger } from './logging/logger';
import { createMailer } from './email/mailer';

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
  const { app, close, startStorageCleanup, startAnalyticsMaintenance, lifecycle, endStreams } = await createApp({
    config,
    database,
    mailer,
    logger,
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const ms = Math.round(performance.now() - started);
    logger.info(
      `LiveOps Dashboard listening on ${config.publicUrl} (port ${info.port}, ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}, ready in ${ms} ms)`,
    );
    if (!config.smtpUrl) logger.info('SMTP_URL is not set: emails are printed to this log');
  });
  // A proxy closes an idle kept-alive connection before this server would (nginx after 60 s): a server that closed
  // it first could do so just as the proxy sends a request on it, which the proxy would answer 502.
  (server as Server).keepAliveTimeout = 65_000;
  (server as Server).headersTimeout = 66_000;

  // In the background, never failing start-up: what stopped instances left in storage (decision 026).
  startStorageCleanup();
  startAnalyticsMaintenance();

  // A stop lets what is in flight finish (decision 025): SIGTERM from an orchestrator, or Ctrl+C.
  const requests = trackRequests(server as Server, (request) => request.url?.startsWith(LIVE_UPDATES_PATH) ?? false);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Never hang: whatever still runs after the drain and the rest of the stop is cut.
    const force = setTimeout(() => {
      logger.error('stopping took too long; exiting');
      process.exit(1);
    }, config.drainTimeoutMs + 15_000);
    force.unref();
    logger.info(`${signal} received: no new connections, finishing requests in flight`);
    lifecycle.draining = true;
    const started = Date.now();
    let drained = await requests.drain(config.drainTimeoutMs);
    // Every change the finished requests published reaches this instance's streams, then they end with a hint
    // to reconnect (to another instance) at once.
    await endStreams();
    // A request that arrived on a kept-alive connection meanwhile is still answered.
    if (drained) drained = await requests.drain(Math.max(config.drainTimeoutMs - (Date.now() - started), 0));
    // Behind a proxy (TRUST_PROXY), the proxy's idle kept-alive connections to this instance are left for it to
    // close, within what remains of DRAIN_TIMEOUT_MS: closing one from here as the proxy sends a POST on it would
    // turn that POST into a 502 (decision 025). The proxy closes them after its own idle timeout (the nginx
    // example: 5 s), and each request it still sends here is answered with `Connection: close`.
    const idle = requests.openConnections();
    if (drained && behindProxy(config.trustProxy) && idle > 0) {
      const within = Math.max(config.drainTimeoutMs - (Date.now() - started), 0);
      logger.info(`waiting up to ${Math.ceil(within / 1000)} s for the proxy to close its ${idle} idle connections`);
      await requests.connectionsClosed(within);
    }
    if (!drained) {
      const cut = requests.describeInFlight();
      logger.warn(`${cut.length} requests still in flight after DRAIN_TIMEOUT_MS; cutting them: ${cut.join(', ')}`);
    }
    (server as Server).closeAllConnections();
    mailer.close();
    await close();
    await database.close();
    logger.info(`stopped in ${Date.now() - started} ms`);
    process.exit(drained ? 0 : 1);
  };
  const onSignal = (signal: string) =>
    void shutdown(signal).catch((error: unknown) => {
      logger.error('stopping failed:', error);
      process.exit(1);
    });
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
