import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { listCandidatesParam, listContext } from '../src/runtime/store';
import { createTestDatabases, TEST_DATABASE_KIND, type TestDatabases } from './support/test-database';

/**
 * A list's one read (decision 038): the statement picks, among the candidates in rank order, the first whose segment
 * the player matched (or that is for everyone), and reads that config's last claim only.
 */
let databases: TestDatabases;
let database: Database;
let gameId: string;

beforeAll(async () => {
  databases = await createTestDatabases();
  database = await databases.create();
  // The game the players belong to, and its owner: a studio (the game table's foreign key, decision 065).
  const owner = randomUUID();
  gameId = randomUUID();
  await database.db.execute(sql`insert into studio (id, name, slug) values (${owner}, 'Owner''s studio', ${owner})`);
  await database.db.execute(
    sql`insert into game (id, owner_id, name, description, platforms, orientation, sdk_key, server_secret, theme)
        values (${gameId}, ${owner}, 'Game', '', '["Web"]'::jsonb, 'portrait', ${`CSDK-${gameId}`}, 'secret', '{}'::jsonb)`,
  );
});
afterAll(async () => {
  await database?.close();
  await databases?.close();
});

async function player(matched: string[]) {
  const id = randomUUID();
  await database.db.execute(
    sql`insert into player (id, game_id, player_id, time_zone, attributes, matched_segments, created_at, last_seen_at)
        values (${id}, ${gameId}, ${`p-${id}`}, 'Europe/Paris', '{}'::jsonb,
                array(select jsonb_array_elements_text(${JSON.stringify(matched)}::jsonb)), now(), now())`,
  );
  return {
    id,
    claims: async (configId: string, seqs: number[]) => {
      for (const seq of seqs) {
        await database.db.execute(
          sql`insert into daily_reward_claim (id, player_ref, config_id, seq, day_key, cycle_day, streak, pack_id,
                                              idempotency_key, response, claimed_at)
              values (${randomUUID()}, ${id}, ${configId}, ${seq}, ${20_000 + seq}, ${seq}, ${seq * 10}, 'pack',
                      ${randomUUID()}, '{}'::json, to_timestamp(${1_900_000_000_000 + seq * 86_400_000}::float8 / 1000))`,
        );
      }
    },
  };
}

const param = (...candidates: [string, string | null][]) =>
  listCandidatesParam(candidates.map(([id, segmentId]) => ({ id, segmentId })));

describe(`a list's read of the player's config (${TEST_DATABASE_KIND})`, () => {
  it('picks the first candidate the player gets and reads only its newest claim', async () => {
    const p = await player(['s2', 's3']);
    await p.claims('a', [1, 2]);
    await p.claims('b', [1, 2, 3]);
    await p.claims('c', [1]);

    const context = await listContext(database.db, p.id, param(['a', 's1'], ['b', 's2'], ['c', null]));
    expect(context.timeZone).toBe('Europe/Paris');
    expect(context.matchedSegments.sort()).toEqual(['s2', 's3']);
    expect(context.picked).toBe('b');
    expect(context.last).toEqual({
      seq: 3,
      dayKey: 20_003,
      cycleDay: 3,
      streak: 30,
      claimedAt: 1_900_000_000_000 + 3 * 86_400_000,
    });
    // Rank order decides: the same candidates the other way round.
    expect((await listContext(database.db, p.id, param(['c', null], ['b', 's2']))).picked).toBe('c');
    expect((await listContext(database.db, p.id, param(['c', null], ['b', 's2']))).last?.seq).toBe(1);
    // For everyone, after a segment the player is not in.
    const everyone = await listContext(database.db, p.id, param(['a', 's1'], ['c', null]));
    expect([everyone.picked, everyone.last?.seq]).toEqual(['c', 1]);
  });

  it('answers no config when the player is in none of the candidates’ segments, and no claim for a new config', async () => {
    const p = await player([]);
    await p.claims('a', [1]);
    const none = await listContext(database.db, p.id, param(['a', 's1'], ['b', 's2']));
    expect([none.picked, none.last, none.matchedSegments]).toEqual([null, null, []]);
    const fresh = await listContext(database.db, p.id, param(['d', null]));
    expect([fresh.picked, fresh.last]).toEqual(['d', null]);
  });

  it('answers nothing of a player who is not there', async () => {
    const gone = await listContext(database.db, randomUUID(), param(['a', null]));
    expect(gone).toEqual({ timeZone: null, matchedSegments: [], picked: null, last: null });
  });
});
