import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '@liveops/testing/ports';
import { startS3Server, type S3TestServer } from '@liveops/testing/s3';
import { startSmtpServer, type SmtpTestServer } from '@liveops/testing/smtp';
import { SERVER_ARGS } from '../../scripts/server-command.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Debian's nginx; the test command installs it when missing (scripts/test.mjs). */
export const NGINX_BINARY = '/usr/sbin/nginx';
/** The README's nginx example, which the cluster runs as written bar its upstream servers and listen line. */
export const NGINX_EXAMPLE = path.join(root, 'docs/examples/nginx.conf');

/**
 * The PostgreSQL server the cluster makes its databases on: CLUSTER_DATABASE_URL, else TEST_DATABASE_URL's server,
 * else the local one CI runs (trust auth).
 */
export function adminDatabaseUrl(): string {
  const configured = process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const url = new URL(configured ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

/** Whether the cluster can run here: a PostgreSQL server answers and nginx is installed. */
export async function clusterPrerequisites(): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (!existsSync(NGINX_BINARY)) return { ok: false, reason: `${NGINX_BINARY} is missing (apt-get install nginx)` };
  const client = new pg.Client({ connectionString: adminDatabaseUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `PostgreSQL does not answer at ${adminDatabaseUrl()}: ${String(error)}` };
  }
}

export type InstanceExit = { code: number | null; signal: NodeJS.Signals | null };

export type ClusterInstance = {
  index: number;
  port: number;
  /** The instance itself, bypassing nginx. */
  url: string;
  pid: () => number | undefined;
  running: () => boolean;
  /** Everything the instance wrote to stdout and stderr, over every start. */
  logs: () => string;
  /**
   * Sends a signal (SIGKILL: a crash; SIGTERM: a shutdown) and returns its exit, without waiting for it: a test
   * can keep sending requests while the instance drains, then await the exit.
   */
  kill: (signal?: NodeJS.Signals) => Promise<InstanceExit>;
  /** Starts the instance again on the same port (nginx's upstream keeps it) and waits until /readyz says ready. */
  restart: () => Promise<void>;
};

export type Cluster = {
  /** nginx: the address users reach, PUBLIC_URL of every instance. */
  url: string;
  instances: ClusterInstance[];
  /** The cluster's own database (created for it, dropped by stop()). */
  databaseUrl: string;
  /** A query on the cluster's database from outside the instances (e.g. pg_terminate_backend). */
  query: <R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>;
  smtp: SmtpTestServer;
  s3: S3TestServer | null;
  nginx: {
    pid: () => number | undefined;
    /** nginx's access log: one line per request, `<status> <upstream address(es)> <method> <uri>`. */
    accessLog: () => Promise<string>;
    errorLog: () => Promise<string>;
  };
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  instances?: number;
  /** Added to every instance's environment (after the cluster's own). */
  env?: Record<string, string>;
  /** Per instance, added last. */
  instanceEnv?: (index: number) => Record<string, string>;
  /** Where stored files go: one directory all instances share (default), or an s3rver bucket. */
  storage?: 'directory' | 's3';
  /** How long each start may take before the test fails. */
  startTimeoutMs?: number;
};

/**
 * Replaces the example's upstream servers with `servers` (keeping the first one's parameters, such as max_fails)
 * and its `listen 80;` with `listen`. Throws when the example no longer has either, so it cannot drift from
 * what the cluster runs.
 */
export function nginxSiteConfig(template: string, options: { listen: string; servers: string[] }): string {
  const upstream = /upstream\s+liveops\s*\{[^}]*\}/.exec(template);
  if (!upstream) throw new Error('the nginx example has no `upstream liveops { … }` block');
  const serverLine = /^(\s*)server\s+\S+((?:\s+[^;\s]+)*)\s*;[^\n]*\n/gm;
  const first = serverLine.exec(upstream[0]);
  if (!first) throw new Error('the nginx example has no server in its upstream');
  const [, indent = '', parameters = ''] = first;
  const servers = options.servers.map((address) => `${indent}server ${address}${parameters};\n`).join('');
  const block = upstream[0].replace(serverLine, '').replace(/\{/, `{\n${servers}`);
  const withUpstream = template.replace(upstream[0], block);
  if (!/^\s*listen\s+80;\s*$/m.test(withUpstream)) throw new Error('the nginx example has no `listen 80;` line');
  return withUpstream.replace(/^(\s*)listen\s+80;\s*$/m, `$1listen ${options.listen};`);
}

/** The process-wide part around the example (an http-context file): everything under `dir`, in the foreground. */
function nginxMainConfig(dir: string, site: string): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 1024; }
http {
  log_format upstreams '$status $upstream_addr $request_method $request_uri';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${site};
}
`;
}

async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>, failed: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failure = failed();
    if (failure) throw new Error(`${what}: ${failure}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Ready: /readyz answers 200 (the database answers and is migrated, the instance is not stopping). Asked on a
 * connection of its own that closes after the answer, as a load balancer's check does: a kept-alive one would stay
 * open beside nginx's, and a stopping instance waits for its clients to close theirs (decision 025).
 */
function isReady(url: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/readyz`, { agent: false, timeout: 3000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy(new Error('/readyz did not answer within 3 s')));
    request.on('error', reject);
  });
}

/**
 * N instances of the BUILT server (node apps/server/dist/main.js, as the README runs them) on a fresh PostgreSQL
 * database, behind a real nginx running docs/examples/nginx.conf, with mail to one loopback SMTP server and
 * files in one shared directory or an s3rver bucket. Every instance gets PUBLIC_URL = nginx and TRUST_PROXY=1.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const startTimeoutMs = options.startTimeoutMs ?? 150_000;
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };

  try {
    const dir = await mkdtemp(path.join(tmpdir(), 'liveops-cluster-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));

    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    const databaseName = `liveops_cluster_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${databaseName}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    });
    const databaseUrl = Object.assign(new URL(adminDatabaseUrl()), { pathname: `/${databaseName}` }).toString();
    const outside = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    // A test that terminates backends may end this pool's idle ones too.
    outside.on('error', () => undefined);
    cleanups.push(() => outside.end());

    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const s3 = options.storage === 's3' ? await startS3Server() : null;
    if (s3) cleanups.push(() => s3.close());

    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    const sharedEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      TRUST_PROXY: '1',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: path.join(dir, 'data'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'LiveOps Test <no-reply@liveops.test>',
      ...(s3
        ? {
            S3_BUCKET: s3.bucket,
            S3_ENDPOINT: s3.endpoint,
            S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
          }
        : {}),
      ...options.env,
    };

    const instances: (ClusterInstance & { stopQuietly: () => Promise<void> })[] = [];
    const createInstance = (index: number) => {
      let port = 0;
      let child: ChildProcess | null = null;
      let exit: Promise<InstanceExit> = Promise.resolve({ code: null, signal: null });
      let output = '';
      const running = () => !!child && child.exitCode === null && child.signalCode === null;

      const spawnOn = async (onPort: number) => {
        port = onPort;
        const started = spawn(process.execPath, [...SERVER_ARGS], {
          cwd: root,
          env: { ...sharedEnv, PORT: String(port), ...options.instanceEnv?.(index) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = started;
        const prefix = `[${index}] `;
        const append = (chunk: Buffer) => (output += chunk.toString().replace(/^(?=.)/gm, prefix));
        started.stdout?.on('data', append);
        started.stderr?.on('data', append);
        exit = new Promise((resolve) => started.once('exit', (code, signal) => resolve({ code, signal })));
        await waitFor(
          `instance ${index} on port ${port}`,
          startTimeoutMs,
          () => isReady(`http://127.0.0.1:${port}`),
          () => (running() ? null : `exited (${started.exitCode ?? started.signalCode}):\n${output}`),
        ).catch(async (error: unknown) => {
          if (running()) {
            started.kill('SIGKILL');
            await exit;
          }
          throw error;
        });
      };

      const instance = {
        index,
        get port() {
          return port;
        },
        get url() {
          return `http://127.0.0.1:${port}`;
        },
        pid: () => child?.pid,
        running,
        logs: () => output,
        kill: (signal: NodeJS.Signals = 'SIGKILL') => {
          if (running()) child?.kill(signal);
          return exit;
        },
        restart: async () => {
          if (running()) throw new Error(`instance ${index} is still running`);
          await spawnOn(port);
        },
        /** The first start: a port another process took meanwhile (EADDRINUSE) is replaced by a new one. */
        start: async () => {
          for (let attempt = 1; ; attempt++) {
            try {
              return await spawnOn(await freePort());
            } catch (error) {
              if (!String(error).includes('EADDRINUSE') || attempt >= 3) throw error;
            }
          }
        },
        stopQuietly: async () => {
          if (!running()) return;
          child?.kill('SIGTERM');
          const timer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
          await exit;
          clearTimeout(timer);
        },
      };
      return instance;
    };

    const created = Array.from({ length: count }, (_, index) => createInstance(index));
    instances.push(...created);
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stopQuietly())));
    // Together, as a deployment starts them (migrations under their advisory lock).
    await Promise.all(created.map((instance) => instance.start()));

    const nginxDir = path.join(dir, 'nginx');
    await mkdir(nginxDir, { recursive: true });
    const site = nginxSiteConfig(await readFile(NGINX_EXAMPLE, 'utf8'), {
      listen: `127.0.0.1:${nginxPort}`,
      servers: instances.map((instance) => `127.0.0.1:${instance.port}`),
    });
    await writeFile(path.join(nginxDir, 'liveops.conf'), site);
    await writeFile(path.join(nginxDir, 'nginx.conf'), nginxMainConfig(nginxDir, path.join(nginxDir, 'liveops.conf')));
    let nginxOutput = '';
    const nginx = spawn(
      NGINX_BINARY,
      ['-p', `${nginxDir}/`, '-c', `${nginxDir}/nginx.conf`, '-e', `${nginxDir}/error.log`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    nginx.stdout.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    nginx.stderr.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    const nginxExit = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
    const errorLog = () => readFile(path.join(nginxDir, 'error.log'), 'utf8').catch(() => '');
    cleanups.push(async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        nginx.kill('SIGTERM');
        await nginxExit;
      }
    });
    await waitFor(
      `nginx on port ${nginxPort}`,
      20_000,
      () => isReady(url),
      () => (nginx.exitCode === null ? null : `exited (${nginx.exitCode}): ${nginxOutput}`),
    );

    return {
      url,
      instances,
      databaseUrl,
      query: async <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) =>
        (await outside.query<R>(sql, params)).rows,
      smtp,
      s3,
      nginx: {
        pid: () => nginx.pid,
        accessLog: () => readFile(path.join(nginxDir, 'access.log'), 'utf8').catch(() => ''),
        errorLog,
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
