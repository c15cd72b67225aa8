import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestDatabases, type TestDatabases } from './test-database';
import { startTestServer, type TestServer } from './test-server';

/**
 * The lifecycle every server test file shares: one migrated template per file, a fresh copy and server per
 * test, and everything a test registered closed after it.
 */
export function useTestServers() {
  let databases: TestDatabases | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    databases = await createTestDatabases();
  });
  afterAll(async () => {
    await databases?.close();
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  const template = () => {
    if (!databases) throw new Error('test databases are not ready');
    return databases;
  };
  return {
    cleanups,
    databases: template,
    start: async (overrides: Parameters<typeof startTestServer>[1] = {}): Promise<TestServer> => {
      const server = await startTestServer(await template().create(), overrides);
      cleanups.push(() => server.close());
      return server;
    },
    /** Two server instances sharing one database (and one mailbox), as behind a load balancer. */
    startTwoInstances: async (): Promise<[TestServer, TestServer]> => {
      const database = await template().create();
      const one = await startTestServer(database, { ownsDatabase: false });
      const two = await startTestServer(database, { ownsDatabase: false, smtp: one.smtp });
      cleanups.push(async () => {
        await two.close();
        await one.close();
        await database.close();
      });
      return [one, two];
    },
  };
}
