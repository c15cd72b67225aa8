import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experiment, experimentAssignment, experimentVariant, player } from '../src/db/schema';
import { publishedRuntimeGame, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { useTestServers } from './support/use-test-servers';

/* A/B tests of the popup (issue 23 item 4, decision 046). */
const servers = useTestServers();

const clock = () => new TestClock(Date.parse('2026-03-02T12:00:00Z'));

async function playerRef(setup: RuntimeGameSetup, playerId: string): Promise<string> {
  const runtime = new RuntimeClient(setup.server.url);
  expect((await runtime.signIn(setup.game.sdkKey, playerId)).status).toBe(200);
  const [row] = await setup.server.database.db
    .select({ id: player.id })
    .from(player)
    .where(eq(player.playerId, playerId));
  return row!.id;
}

/** An experiment written straight into the tables, with one assignment. */
async function storedExperiment(setup: RuntimeGameSetup, id: string, ref: string) {
  const db = setup.server.database.db;
  const config = setup.configs[0]!;
  await db.insert(experiment).values({
    id,
    gameId: setup.game.id,
    ownerId: config.ownerId,
    configId: config.id,
    status: 'running',
    startedAt: new Date(),
  });
  await db.insert(experimentVariant).values([
    { experimentId: id, variantId: 'a', position: 0, name: 'A', weight: 1 },
    { experimentId: id, variantId: 'b', position: 1, name: 'B', weight: 1, uiLayout: null },
  ]);
  await db
    .insert(experimentAssignment)
    .values({ gameId: setup.game.id, experimentId: id, playerRef: ref, variantId: 'b', assignedAt: new Date() });
}

const countWhere = async (setup: RuntimeGameSetup, table: string, column: string, value: string) => {
  const result = (await setup.server.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
};

describe('experiment tables (migration 0018)', () => {
  it('refuses a second running experiment of one config', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-one-running@studio.test', { clock: clock() });
    const ref = await playerRef(setup, 'p1');
    await storedExperiment(setup, 'exp_first', ref);
    await expect(storedExperiment(setup, 'exp_second', ref)).rejects.toThrow();
    await setup.server.database.db.update(experiment).set({ status: 'ended' }).where(eq(experiment.id, 'exp_first'));
    await storedExperiment(setup, 'exp_second', ref);
    expect(await countWhere(setup, 'experiment', 'config_id', setup.configs[0]!.id)).toBe(2);
  });

  it('deletes a config’s experiments, variants and assignments with the config', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-config-delete@studio.test', { clock: clock() });
    const ref = await playerRef(setup, 'p1');
    await storedExperiment(setup, 'exp_gone', ref);
    const removed = await setup.client.request(`/api/games/${setup.game.id}/daily-rewards/${setup.configs[0]!.id}`, {
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBeLessThan(300);
    expect(await countWhere(setup, 'experiment', 'id', 'exp_gone')).toBe(0);
    expect(await countWhere(setup, 'experiment_variant', 'experiment_id', 'exp_gone')).toBe(0);
    expect(await countWhere(setup, 'experiment_assignment', 'experiment_id', 'exp_gone')).toBe(0);
  });

  it('deletes assignments with their game and players, and nothing of another game', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-game-delete@studio.test', { clock: clock() });
    const other = await publishedRuntimeGame(servers, 'experiments-game-other@studio.test', {
      clock: clock(),
      server: setup.server,
    });
    await storedExperiment(setup, 'exp_game_gone', await playerRef(setup, 'p1'));
    await storedExperiment(other, 'exp_game_stays', await playerRef(other, 'p1'));
    const removed = await setup.client.request(`/api/games/${setup.game.id}`, {
      method: 'DELETE',
      json: { confirmation: setup.game.name },
    });
    expect(removed.status, removed.text).toBeLessThan(300);
    expect(await countWhere(setup, 'experiment_assignment', 'experiment_id', 'exp_game_gone')).toBe(0);
    expect(await countWhere(setup, 'experiment_assignment', 'experiment_id', 'exp_game_stays')).toBe(1);
    expect(await countWhere(setup, 'experiment_variant', 'experiment_id', 'exp_game_stays')).toBe(2);
  });

  it('deletes a player’s assignments with the player (the trigger), and no other player’s', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-player-delete@studio.test', { clock: clock() });
    const gone = await playerRef(setup, 'p-gone');
    const stays = await playerRef(setup, 'p-stays');
    await storedExperiment(setup, 'exp_players', gone);
    await setup.server.database.db.insert(experimentAssignment).values({
      gameId: setup.game.id,
      experimentId: 'exp_players',
      playerRef: stays,
      variantId: 'a',
      assignedAt: new Date(),
    });
    await setup.server.database.db.delete(player).where(eq(player.id, gone));
    expect(await countWhere(setup, 'experiment_assignment', 'player_ref', gone)).toBe(0);
    expect(await countWhere(setup, 'experiment_assignment', 'player_ref', stays)).toBe(1);
  });
});
