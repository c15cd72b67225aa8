import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publishedRuntimeGame, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { useTestServers } from './support/use-test-servers';

/*
 * The hot player tables carry no foreign keys (decision 041): triggers delete a player's balances, ledger and
 * claims with the player, and a config's claims with the config, as the cascades did.
 */
const servers = useTestServers();

type Rows<T> = { rows: T[] };

const count = async (setup: RuntimeGameSetup, table: string, column: string, value: string) => {
  const result = (await setup.server.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
  )) as unknown as Rows<{ n: number }>;
  return Number(result.rows[0]!.n);
};

async function claimedPlayer(setup: RuntimeGameSetup, playerId: string) {
  const player = new RuntimeClient(setup.server.url);
  expect((await player.signIn(setup.game.sdkKey, playerId)).status).toBe(200);
  const configId = setup.configs[0]!.id;
  const claim = await player.request(`/v1/daily-rewards/${configId}/claim`, {
    method: 'POST',
    headers: { 'idempotency-key': `${playerId}-claim` },
  });
  expect(claim.status, claim.text).toBe(200);
  const result = (await setup.server.database.db.execute(
    sql`select id from player where player_id = ${playerId}`,
  )) as unknown as Rows<{ id: string }>;
  const [row] = result.rows;
  return row!.id;
}

describe('deleting what players hang on', () => {
  it('deletes a config’s claims with the config, and keeps the rest of the player', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-deletes-config@studio.test', { clock });
    const ref = await claimedPlayer(setup, 'keeps-wallet');
    expect(await count(setup, 'daily_reward_claim', 'player_ref', ref)).toBe(1);
    const ledger = await count(setup, 'wallet_ledger', 'player_ref', ref);
    expect(ledger).toBeGreaterThan(0);
    const removed = await setup.client.request(`/api/games/${setup.game.id}/daily-rewards/${setup.configs[0]!.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBeLessThan(300);
    expect(await count(setup, 'daily_reward_claim', 'player_ref', ref)).toBe(0);
    // What was granted stays granted: the ledger and balances are the player's.
    expect(await count(setup, 'wallet_ledger', 'player_ref', ref)).toBe(ledger);
    expect(await count(setup, 'wallet_balance', 'player_ref', ref)).toBeGreaterThan(0);
  });

  it('deletes every player row with the game, and nothing of another game', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-deletes-game@studio.test', { clock });
    const other = await publishedRuntimeGame(servers, 'runtime-deletes-other@studio.test', { clock });
    const gone = await claimedPlayer(setup, 'leaves-with-game');
    const stays = await claimedPlayer(other, 'stays');
    const removed = await setup.client.request(`/api/games/${setup.game.id}`, {
      method: 'DELETE',
      json: { confirmation: setup.game.name },
    });
    expect(removed.status, removed.text).toBeLessThan(300);
    for (const table of ['wallet_balance', 'wallet_ledger', 'daily_reward_claim']) {
      expect(await count(setup, table, 'player_ref', gone), table).toBe(0);
      expect(await count(other, table, 'player_ref', stays), table).toBeGreaterThan(0);
    }
    expect(await count(setup, 'player', 'id', gone)).toBe(0);
  });
});
