import { describe, expect, it } from 'vitest';
import { RUNTIME_MESSAGES } from '@liveops/domain/runtime-api';
import { isDatabaseUnavailable } from '../src/db/database-errors';
import { publishedRuntimeGame, RuntimeClient, TestClock } from './support/runtime';
import { useTestServers } from './support/use-test-servers';

/**
 * Decision 057: while the database cannot be reached, /v1 answers 503 `unavailable` with Retry-After (as
 * /readyz already says), never 500 `internal`, so the SDK, the popup and proxies try again. PGlite and PostgreSQL.
 */
const servers = useTestServers();

describe('the runtime while the database is down', () => {
  it('answers 503 unavailable with Retry-After to a session, a list, a claim and the inventory, never 500', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'db-down@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const player = new RuntimeClient(setup.server.url);
    player.renew = false;
    expect((await player.signIn(setup.game.sdkKey, 'p-1')).status).toBe(200);

    const database = setup.server.database;
    // On PostgreSQL the pool's end waits for the connection that listens for other instances: not awaited, the pool
    // refuses every new query at once all the same.
    const closed = database.close().catch(() => undefined);
    if (database.kind === 'pglite') await closed;
    // The server's own close must not close it twice.
    database.close = () => Promise.resolve();

    const answers = [
      await new RuntimeClient(setup.server.url).signIn(setup.game.sdkKey, 'p-2'),
      await player.request('/v1/daily-rewards'),
      await player.claim(configId),
      await player.request('/v1/inventory'),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body).toEqual({ code: 'unavailable', message: RUNTIME_MESSAGES.unavailable });
      expect(answer.headers.get('retry-after')).toBe('5');
    }
  });

  it('tells an unreachable database from a request the database refused', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('shutting down'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('too many clients'), { code: '53300' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('bad input'), { code: '22P02' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
