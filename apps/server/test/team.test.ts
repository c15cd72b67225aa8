import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Game } from '@liveops/domain/games';
import { LIVE_RECONNECT_EVENT } from '@liveops/domain/shared';
import {
  cannotReason,
  INVITATIONS_PER_HOUR,
  MEMBERSHIP_MESSAGES,
  TEAM_MESSAGES,
  type Invitation,
  type InvitationView,
  type StudiosAnswer,
  type Team,
} from '@liveops/domain/teams';
import { invitationLink } from '@liveops/testing/smtp';
import * as schema from '../src/db/schema';
import { signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { TEST_DATABASE_KIND } from './support/test-database';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

const message = (answer: { body: unknown }) => (answer.body as { message: string }).message;
const studioOf = async (client: TestClient) => ((await client.get('/api/studios')).body as StudiosAnswer).active!;

async function newGame(client: TestClient, name: string): Promise<Game> {
  const created = await client.post('/api/games', { name, description: 'x', platforms: ['iOS'] });
  expect(created.status, created.text).toBe(201);
  return created.body as Game;
}

/** Invites an address and returns the invitation's id, read from the link in the email it got. */
async function invite(
  server: TestServer,
  by: TestClient,
  studioId: string,
  body: { email: string; role: string; gameIds?: string[] },
): Promise<string> {
  const address = body.email.trim().toLowerCase();
  const before = server.smtp.mailsTo(address).length;
  const sent = await by.post(`/api/studios/${studioId}/invitations`, body);
  expect([200, 201], sent.text).toContain(sent.status);
  const link = invitationLink(await server.smtp.waitForMail(address, before + 1));
  return decodeURIComponent(link.split('/invitations/')[1]!);
}

async function accept(client: TestClient, id: string) {
  return client.post(`/api/invitations/${encodeURIComponent(id)}/accept`, {});
}

describe('a studio of three (decision 065)', () => {
  it('invites by email with a role, and the invited person accepts and works in the studio', async () => {
    const server = await servers.start();
    const ada = await signedInClient(server, 'ada@team.test');
    const studio = await studioOf(ada);
    await ada.request(`/api/studios/${studio.id}`, { method: 'PATCH', json: { name: 'Pixel Forge' } });
    const game = await newGame(ada, 'Orchard');

    const id = await invite(server, ada, studio.id, { email: ' Bob@Team.test ', role: 'designer' });
    const mail = server.smtp.mailsTo('bob@team.test').at(-1)!;
    expect(mail.text).toContain('Pixel Forge');
    expect(mail.text).toContain('Designer');
    const team = (await ada.get(`/api/studios/${studio.id}/team`)).body as Team;
    expect(team.invitations).toEqual([
      expect.objectContaining({
        email: 'bob@team.test',
        role: 'designer',
        status: 'pending',
        invitedBy: 'ada@team.test',
      }),
    ]);
    // The link's page says what it is to anyone holding it, signed in or not.
    const view = (await server.client().get(`/api/invitations/${id}`)).body as InvitationView;
    expect(view).toMatchObject({
      studioName: 'Pixel Forge',
      email: 'bob@team.test',
      role: 'designer',
      status: 'pending',
    });

    // Signed out, it cannot be accepted; signed in with another address, neither.
    expect((await accept(server.client(), id)).status).toBe(401);
    const eve = await signedInClient(server, 'eve@team.test');
    const wrong = await accept(eve, id);
    expect([wrong.status, message(wrong)]).toEqual([403, TEAM_MESSAGES.invitationOtherAddress('bob@team.test')]);

    // Bob signs up with the invited address: the dashboard offers him the invitation; he accepts, and is a Designer
    // there, shown that studio.
    const bob = await signedInClient(server, 'bob@team.test');
    expect((await bob.get('/api/invitations')).body).toEqual([{ id, ...view }]);
    expect((await eve.get('/api/invitations')).body).toEqual([]);
    const accepted = await accept(bob, id);
    expect([accepted.status, accepted.body]).toEqual([
      200,
      { studioId: studio.id, studioName: 'Pixel Forge', role: 'designer' },
    ]);
    expect(await studioOf(bob)).toEqual({ id: studio.id, name: 'Pixel Forge', role: 'designer' });
    expect(((await bob.get('/api/games')).body as Game[]).map((g) => g.name)).toEqual(['Orchard']);
    expect((await bob.get('/api/invitations')).body).toEqual([]);
    const reused = await accept(bob, id);
    expect([reused.status, message(reused)]).toEqual([409, TEAM_MESSAGES.invitationUsed]);
    const after = (await ada.get(`/api/studios/${studio.id}/team`)).body as Team;
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m) => [m.email, m.role])).toEqual([
      ['ada@team.test', 'owner'],
      ['bob@team.test', 'designer'],
    ]);
    // Inviting a member again is refused.
    const again = await ada.post(`/api/studios/${studio.id}/invitations`, { email: 'bob@team.test', role: 'viewer' });
    expect([again.status, message(again)]).toEqual([409, TEAM_MESSAGES.alreadyMember('bob@team.test')]);

    // A Designer invites nobody; nor does anyone invite an Owner.
    const designerInvites = await bob.post(`/api/studios/${studio.id}/invitations`, {
      email: 'carol@team.test',
      role: 'viewer',
    });
    expect([designerInvites.status, message(designerInvites)]).toEqual([
      403,
      cannotReason('designer', 'members.invite'),
    ]);
    const asOwner = await ada.post(`/api/studios/${studio.id}/invitations`, { email: 'c@team.test', role: 'owner' });
    expect([asOwner.status, message(asOwner)]).toEqual([400, MEMBERSHIP_MESSAGES.inviteAsOwner]);
    const malformed = await ada.post(`/api/studios/${studio.id}/invitations`, {
      email: 'not-an-address',
      role: 'viewer',
    });
    expect(malformed.status).toBe(400);
    expect((await ada.get(`/api/studios/${studio.id}/team`)).body).toEqual(after);
    expect(game.ownerId).toBe(studio.id);
  });

  it('changes roles under the rules, removes a member at once, and transfers ownership', async () => {
    const server = await servers.start();
    const ada = await signedInClient(server, 'owner@roles.test');
    const studio = await studioOf(ada);
    const game = await newGame(ada, 'Shared');
    const bob = await signedInClient(server, 'admin@roles.test');
    const carol = await signedInClient(server, 'dev@roles.test');
    expect(
      (await accept(bob, await invite(server, ada, studio.id, { email: 'admin@roles.test', role: 'admin' }))).status,
    ).toBe(200);
    expect(
      (await accept(carol, await invite(server, ada, studio.id, { email: 'dev@roles.test', role: 'developer' })))
        .status,
    ).toBe(200);
    const ids = Object.fromEntries(
      ((await ada.get(`/api/studios/${studio.id}/team`)).body as Team).members.map((m) => [m.email, m.userId]),
    );
    const setRole = (by: TestClient, email: string, role: string) =>
      by.request(`/api/studios/${studio.id}/members/${ids[email]}`, { method: 'PATCH', json: { role } });

    // An Admin cannot make an Owner, nor touch the Owner; nobody demotes the last Owner.
    const toOwner = await setRole(bob, 'dev@roles.test', 'owner');
    expect([toOwner.status, message(toOwner)]).toEqual([403, MEMBERSHIP_MESSAGES.ownerByTransfer]);
    const demoteOwner = await setRole(bob, 'owner@roles.test', 'viewer');
    expect([demoteOwner.status, message(demoteOwner)]).toEqual([403, MEMBERSHIP_MESSAGES.changeAboveYou]);
    const stepDown = await setRole(ada, 'owner@roles.test', 'admin');
    expect([stepDown.status, message(stepDown)]).toEqual([403, MEMBERSHIP_MESSAGES.lastOwnerStepsDown]);
    const escalate = await ada.request(`/api/studios/${studio.id}/members/${ids['dev@roles.test']}`, {
      method: 'PATCH',
      json: { role: 'viewer', gameIds: [], owner: true },
    });
    expect(escalate.status).toBe(400);
    const leave = await ada.request(`/api/studios/${studio.id}/members/${ids['owner@roles.test']}`, {
      method: 'DELETE',
    });
    expect([leave.status, message(leave)]).toEqual([403, MEMBERSHIP_MESSAGES.lastOwnerLeaves]);
    // The Admin makes the Developer a Viewer: the Viewer reads, and may no longer rotate the key.
    const viewer = await setRole(bob, 'dev@roles.test', 'viewer');
    expect([viewer.status, (viewer.body as { role: string }).role]).toEqual([200, 'viewer']);
    expect((await carol.get(`/api/games/${game.id}`)).status).toBe(200);
    expect((await carol.post(`/api/games/${game.id}/sdk-key`, {})).status).toBe(403);

    // Removing Carol ends her access at once, and her open stream ends to reconnect without the studio.
    const stream = await openEventStream(carol);
    const removed = await bob.request(`/api/studios/${studio.id}/members/${ids['dev@roles.test']}`, {
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await carol.get(`/api/games/${game.id}`)).status).toBe(404);
    await stream.next((event) => event.event === LIVE_RECONNECT_EVENT);
    expect((await studioOf(carol)).role).toBe('owner');

    // Ada hands the studio to Bob and stays an Admin; Bob may now delete it, Ada may not transfer again.
    const transfer = await ada.post(`/api/studios/${studio.id}/transfer`, { userId: ids['admin@roles.test'] });
    expect(transfer.status, transfer.text).toBe(200);
    const roles = ((await bob.get(`/api/studios/${studio.id}/team`)).body as Team).members.map((m) => [
      m.email,
      m.role,
    ]);
    expect(roles).toEqual([
      ['owner@roles.test', 'admin'],
      ['admin@roles.test', 'owner'],
    ]);
    expect((await ada.post(`/api/studios/${studio.id}/transfer`, { userId: ids['admin@roles.test'] })).status).toBe(
      403,
    );
  });

  it('limits a member to some games, refuses expired, withdrawn and foreign-game invitations, and a flood', async () => {
    const server = await servers.start();
    const ada = await signedInClient(server, 'owner@limits.test');
    const studio = await studioOf(ada);
    const [one, two] = [await newGame(ada, 'One'), await newGame(ada, 'Two')];
    const elsewhere = await signedInClient(server, 'other@limits.test');
    const foreign = await newGame(elsewhere, 'Foreign');

    const foreignGames = await ada.post(`/api/studios/${studio.id}/invitations`, {
      email: 'sub@limits.test',
      role: 'support',
      gameIds: [one.id, foreign.id],
    });
    expect([foreignGames.status, message(foreignGames)]).toEqual([400, TEAM_MESSAGES.gameNotInStudio]);
    const sub = await signedInClient(server, 'sub@limits.test');
    const id = await invite(server, ada, studio.id, { email: 'sub@limits.test', role: 'support', gameIds: [one.id] });
    expect((await accept(sub, id)).status).toBe(200);
    expect(((await sub.get('/api/games')).body as Game[]).map((g) => g.name)).toEqual(['One']);
    expect((await sub.get(`/api/games/${one.id}/items`)).status).toBe(200);
    // Another game of the studio is missing to them, exactly as another studio's is.
    const hidden = await sub.get(`/api/games/${two.id}/items`);
    const missing = await sub.get(`/api/games/${foreign.id}/items`);
    expect([hidden.status, hidden.body]).toEqual([missing.status, missing.body]);

    // Withdrawn and expired links are refused, saying so; resending an expired one revives it.
    const late = await signedInClient(server, 'late@limits.test');
    const lateId = await invite(server, ada, studio.id, { email: 'late@limits.test', role: 'viewer' });
    await server.database.db
      .update(schema.studioInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.studioInvitation.id, lateId));
    const expired = await accept(late, lateId);
    expect([expired.status, message(expired)]).toEqual([410, TEAM_MESSAGES.invitationExpired]);
    const listed = ((await ada.get(`/api/studios/${studio.id}/team`)).body as Team).invitations;
    expect(listed.find((i) => i.id === lateId)?.status).toBe('expired');
    const resent = await ada.post(`/api/studios/${studio.id}/invitations/${lateId}/resend`, {});
    expect([resent.status, (resent.body as Invitation).status]).toEqual([200, 'pending']);
    await server.smtp.waitForMail('late@limits.test', 3);
    const revoked = await ada.request(`/api/studios/${studio.id}/invitations/${lateId}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    const withdrawn = await accept(late, lateId);
    expect([withdrawn.status, message(withdrawn)]).toEqual([410, TEAM_MESSAGES.invitationRevoked]);
    expect((await accept(late, 'no-such-invitation')).status).toBe(404);

    // Outsiders see nothing of the team.
    expect((await elsewhere.get(`/api/studios/${studio.id}/team`)).status).toBe(404);

    // A flood of invitations is cut off within the hour.
    let last = 0;
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      last = (
        await ada.post(`/api/studios/${studio.id}/invitations`, { email: `flood${i}@limits.test`, role: 'viewer' })
      ).status;
    }
    expect(last).toBe(429);
  });
});

// PGlite lives inside one process; instances sharing one database are the PostgreSQL run's to prove.
describe.skipIf(TEST_DATABASE_KIND === 'pglite')('a team across instances', () => {
  it('forgets on every instance what it kept of a person’s studios when they are removed or renamed', async () => {
    const [one, two] = await servers.startTwoInstances();
    const ada = await signedInClient(one, 'owner@instances.test');
    const studio = await studioOf(ada);
    await newGame(ada, 'Shared Across');
    const bob = await signedInClient(one, 'member@instances.test');
    expect(
      (await accept(bob, await invite(one, ada, studio.id, { email: 'member@instances.test', role: 'viewer' }))).status,
    ).toBe(200);
    const bobOnTwo = two.client();
    bobOnTwo.useSessionOf(bob);
    // Instance two answers his games, and keeps which studios he is in.
    expect(((await bobOnTwo.get('/api/games')).body as Game[]).map((g) => g.name)).toEqual(['Shared Across']);
    await ada.request(`/api/studios/${studio.id}`, { method: 'PATCH', json: { name: 'Renamed On One' } });
    await until(async () => (await studioOf(bobOnTwo)).name === 'Renamed On One', 'instance two shows the new name');

    const bobId = ((await ada.get(`/api/studios/${studio.id}/team`)).body as Team).members[1]!.userId;
    const removed = await ada.request(`/api/studios/${studio.id}/members/${bobId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    await until(
      async () => ((await bobOnTwo.get('/api/games')).body as Game[]).every((g) => g.name !== 'Shared Across'),
      'instance two no longer lists the studio’s games to him',
    );
    expect((await studioOf(bobOnTwo)).role).toBe('owner');
  });
});

/** Waits (at most five seconds) until the condition holds. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
