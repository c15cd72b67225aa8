import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type User } from '@liveops/domain/accounts';
import { type Game } from '@liveops/domain/games';
import { cannotReason, STUDIO_MESSAGES, type StudioRole, type StudiosAnswer } from '@liveops/domain/teams';
import * as schema from '../src/db/schema';
import { PASSWORD, signedInClient } from './support/accounts';
import { databaseBefore } from './support/migration-steps';
import { TEST_DATABASE_KIND } from './support/test-database';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

async function newGame(client: TestClient, name: string): Promise<Game> {
  const created = await client.post('/api/games', { name, description: 'x', platforms: ['iOS'] });
  expect(created.status, created.text).toBe(201);
  return created.body as Game;
}

const studiosOf = async (client: TestClient) => (await client.get('/api/studios')).body as StudiosAnswer;
const userIdOf = async (client: TestClient) => ((await client.get('/api/me')).body as User).uid;

/** Puts a person into a studio with a role, as an accepted invitation will. */
async function join(server: TestServer, client: TestClient, studioId: string, role: StudioRole) {
  await server.database.db
    .insert(schema.studioMember)
    .values({ id: randomUUID(), organizationId: studioId, userId: await userIdOf(client), role });
}

describe('studios (decision 065)', () => {
  it('gives a new account a studio of its own, which owns the games it creates', async () => {
    const server = await servers.start();
    const ada = await signedInClient(server, 'ada@studio.test');
    const first = await studiosOf(ada);
    expect(first.studios).toEqual([{ id: first.active!.id, name: "ada's studio", role: 'owner' }]);
    expect(first.active?.id).not.toBe(await userIdOf(ada));
    const game = await newGame(ada, 'Ada Game');
    expect(game.ownerId).toBe(first.active!.id);
    expect(((await ada.get('/api/games')).body as Game[]).map((g) => g.name)).toEqual(['Ada Game']);
  });

  it('shows a member the studio’s games, by address in any studio and in the list once chosen', async () => {
    const server = await servers.start();
    const ada = await signedInClient(server, 'owner@studio.test');
    const studio = (await studiosOf(ada)).active!;
    const game = await newGame(ada, 'Shared Game');
    const item = await ada.post(`/api/games/${game.id}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 0.1,
      baseAmount: 100,
      iconId: 'coin',
    });
    expect(item.status, item.text).toBe(201);

    const bob = await signedInClient(server, 'bob@studio.test');
    const outsider = await signedInClient(server, 'eve@studio.test');
    // Not yet a member: the game is missing to him, as to anyone outside.
    expect((await bob.get(`/api/games/${game.id}`)).status).toBe(404);
    await join(server, bob, studio.id, 'designer');

    const bobs = await studiosOf(bob);
    expect(bobs.active?.name).toBe("bob's studio");
    expect(bobs.studios.map((s) => [s.name, s.role])).toEqual([
      ["bob's studio", 'owner'],
      ["owner's studio", 'designer'],
    ]);
    // A link to the game works without choosing the studio first.
    expect((await bob.get(`/api/games/${game.id}`)).body).toMatchObject({ name: 'Shared Game' });
    expect(((await bob.get(`/api/games/${game.id}/items`)).body as unknown[]).length).toBe(1);
    expect((await bob.get('/api/games')).body).toEqual([]);

    const chosen = await bob.post('/api/studios/active', { studioId: studio.id });
    expect([chosen.status, chosen.body]).toEqual([200, { id: studio.id, name: "owner's studio", role: 'designer' }]);
    expect((await studiosOf(bob)).active?.id).toBe(studio.id);
    expect(((await bob.get('/api/games')).body as Game[]).map((g) => g.name)).toEqual(['Shared Game']);
    // A Designer edits the game's profile, which Ada sees; creating games, secrets and runtime settings are not
    // his: refused with the reason, changing nothing.
    const renamed = await bob.request(`/api/games/${game.id}`, {
      method: 'PATCH',
      json: { name: 'Shared Game 2', description: 'x', platforms: ['iOS'] },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(((await ada.get('/api/games')).body as Game[]).map((g) => g.name)).toEqual(['Shared Game 2']);
    const refusals = [
      [await bob.post('/api/games', { name: 'Bob Made', description: 'x', platforms: ['iOS'] }), 'games.create'],
      [await bob.get(`/api/games/${game.id}/server-secret`), 'secrets.read'],
      [await bob.post(`/api/games/${game.id}/sdk-key`, {}), 'runtime.settings'],
      [
        await bob.request(`/api/games/${game.id}`, {
          method: 'PATCH',
          json: { name: 'Sneaky', description: 'x', platforms: ['iOS'], requireSignedPlayerIds: true },
        }),
        'runtime.settings',
      ],
      [await bob.request(`/api/games/${game.id}`, { method: 'DELETE', json: { confirmation: 'x' } }), 'games.delete'],
    ] as const;
    for (const [answer, permission] of refusals) {
      expect([answer.status, (answer.body as { message: string }).message]).toEqual([
        403,
        cannotReason('designer', permission),
      ]);
    }
    expect((await ada.get(`/api/games/${game.id}`)).body).toMatchObject({
      name: 'Shared Game 2',
      sdkKey: game.sdkKey,
      requireSignedPlayerIds: false,
    });
    expect(((await ada.get('/api/games')).body as Game[]).length).toBe(1);

    // Someone outside can neither choose the studio nor reach its game.
    const refused = await outsider.post('/api/studios/active', { studioId: studio.id });
    expect([refused.status, (refused.body as { message: string }).message]).toEqual([404, STUDIO_MESSAGES.notAMember]);
    expect((await outsider.get(`/api/games/${game.id}`)).status).toBe(404);
    expect((await outsider.get(`/api/games/${game.id}/items`)).status).toBe(404);
    expect((await outsider.get('/api/games')).body).toEqual([]);
    // Better Auth's own organization routes are not served: studios change only through /api/studios.
    const direct = await outsider.post('/api/auth/organization/set-active', { organizationId: studio.id });
    expect(direct.status).toBe(404);
    expect((await studiosOf(outsider)).active?.name).toBe("eve's studio");
  });

  it('renames a studio for an Admin or Owner only, and refuses a bad name changing nothing', async () => {
    const server = await servers.start();
    const ada = await signedInClient(server, 'rename-owner@studio.test');
    const studio = (await studiosOf(ada)).active!;
    const bob = await signedInClient(server, 'rename-designer@studio.test');
    await join(server, bob, studio.id, 'designer');

    const refused = await bob.request(`/api/studios/${studio.id}`, { method: 'PATCH', json: { name: 'Mine' } });
    expect([refused.status, (refused.body as { message: string }).message]).toEqual([
      403,
      cannotReason('designer', 'studio.update'),
    ]);
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      const bad = await ada.request(`/api/studios/${studio.id}`, { method: 'PATCH', json: { name } });
      expect(bad.status).toBe(400);
    }
    const escalation = await ada.request(`/api/studios/${studio.id}`, {
      method: 'PATCH',
      json: { name: 'Pixel Forge', role: 'owner' },
    });
    expect(escalation.status).toBe(400);
    expect((await studiosOf(ada)).active?.name).toBe("rename-owner's studio");

    const renamed = await ada.request(`/api/studios/${studio.id}`, {
      method: 'PATCH',
      json: { name: ' Pixel Forge ' },
    });
    expect([renamed.status, renamed.body]).toEqual([200, { id: studio.id, name: 'Pixel Forge', role: 'owner' }]);
    expect((await studiosOf(bob)).studios.find((s) => s.id === studio.id)?.name).toBe('Pixel Forge');
    const elsewhere = await signedInClient(server, 'rename-outsider@studio.test');
    const notMine = await elsewhere.request(`/api/studios/${studio.id}`, { method: 'PATCH', json: { name: 'Mine' } });
    expect(notMine.status).toBe(404);
  });

  it('deletes an account’s own studio with it, keeps a shared one, and needs another owner first', async () => {
    const server = await servers.start();
    const db = server.database.db;
    const ada = await signedInClient(server, 'leaving-owner@studio.test');
    const studio = (await studiosOf(ada)).active!;
    const game = await newGame(ada, 'Kept Game');
    const bob = await signedInClient(server, 'staying@studio.test');
    await join(server, bob, studio.id, 'admin');

    // Ada is the only owner of a studio Bob is in: refused, nothing deleted.
    const refused = await ada.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } });
    expect([refused.status, (refused.body as { message: string }).message]).toEqual([
      409,
      ACCOUNT_MESSAGES.deleteLastOwner(["leaving-owner's studio"]),
    ]);
    expect((await ada.get('/api/me')).status).toBe(200);

    // Bob, an admin, leaves by deleting his account: his own studio goes, the shared one and its game stay.
    const bobsOwn = (await studiosOf(bob)).studios.find((s) => s.role === 'owner')!;
    await newGame(bob, 'Bob Alone');
    const bobGone = await bob.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } });
    expect(bobGone.status, bobGone.text).toBe(200);
    expect(await db.select().from(schema.studio).where(eq(schema.studio.id, bobsOwn.id))).toEqual([]);
    expect((await db.select().from(schema.game).where(eq(schema.game.ownerId, bobsOwn.id))).length).toBe(0);
    expect((await ada.get(`/api/games/${game.id}`)).status).toBe(200);

    // Now alone in it, Ada can go, and the studio and its game go with her.
    const adaGone = await ada.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } });
    expect(adaGone.status, adaGone.text).toBe(200);
    expect(await db.select().from(schema.studio).where(eq(schema.studio.id, studio.id))).toEqual([]);
    expect(await db.select().from(schema.game).where(eq(schema.game.id, game.id))).toEqual([]);
  });
});

describe(`the studios migration (${TEST_DATABASE_KIND})`, () => {
  it('makes every account the owner of its own studio, holding its games, with no owner value or key changed', async () => {
    const database = await databaseBefore('_studios');
    try {
      const db = database.db;
      await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at) values
        ('u1', 'Ada Lovelace', 'ada@studio.test', true, now(), now()),
        ('u2', '  ', 'grace.hopper@studio.test', true, now(), now())`);
      await db.execute(sql`insert into session (id, expires_at, token, user_id, created_at, updated_at)
        values ('s1', now() + interval '1 day', 't1', 'u2', now(), now())`);
      for (const [gameId, ownerId] of [
        ['g1', 'u1'],
        ['g2', 'u1'],
        ['g3', 'u2'],
      ]) {
        await db.execute(sql`insert into game (id, owner_id, name, description, platforms, orientation, sdk_key,
          server_secret, theme)
          values (${gameId}, ${ownerId}, 'G', 'd', '["Web"]'::jsonb, 'portrait', ${`CSDK-${gameId}`}, 's', '{}'::jsonb)`);
      }
      await db.execute(sql`insert into item (id, game_id, owner_id, name, key, type, value_cents, base_amount)
        values ('i1', 'g1', 'u1', 'Gold', 'gold', 'currency', 100, 1)`);

      await database.finish();
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.execute(query)) as unknown as { rows: T[] }).rows;
      expect(await rows(sql`select id, name from studio order by id`)).toEqual([
        { id: 'u1', name: "Ada Lovelace's studio" },
        { id: 'u2', name: "grace.hopper's studio" },
      ]);
      expect(await rows(sql`select studio_id, user_id, role from studio_member order by user_id`)).toEqual([
        { studio_id: 'u1', user_id: 'u1', role: 'owner' },
        { studio_id: 'u2', user_id: 'u2', role: 'owner' },
      ]);
      expect(await rows(sql`select id, owner_id, sdk_key from game order by id`)).toEqual([
        { id: 'g1', owner_id: 'u1', sdk_key: 'CSDK-g1' },
        { id: 'g2', owner_id: 'u1', sdk_key: 'CSDK-g2' },
        { id: 'g3', owner_id: 'u2', sdk_key: 'CSDK-g3' },
      ]);
      expect(await rows(sql`select owner_id from item`)).toEqual([{ owner_id: 'u1' }]);
      expect(await rows(sql`select active_studio_id from session`)).toEqual([{ active_studio_id: 'u2' }]);
      // Games now belong to the studio: removing it removes them, and a game needs a studio.
      await db.execute(sql`delete from studio where id = 'u2'`);
      expect(await rows(sql`select id from game order by id`)).toEqual([{ id: 'g1' }, { id: 'g2' }]);
      await expect(
        db.execute(sql`insert into game (id, owner_id, name, description, platforms, orientation, sdk_key,
          server_secret, theme) values ('g4', 'nobody', 'G', 'd', '[]'::jsonb, 'portrait', 'k4', 's', '{}'::jsonb)`),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
