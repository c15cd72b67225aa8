import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  RUNTIME_ATTRIBUTE_VALUE_MAX_CHARS,
  RUNTIME_MESSAGES,
  type CreateSessionResponse,
} from '@liveops/domain/runtime-api';
import { CUSTOM_ATTRIBUTE_MESSAGES, type CustomAttributeDeclarations } from '@liveops/domain/segments';
import {
  createSegment,
  DAY,
  declareAttributes,
  HOUR,
  publishedRuntimeGame,
  RuntimeClient,
  TestClock,
  type RuntimeGameSetup,
} from './support/runtime';
import { useTestServers } from './support/use-test-servers';

/**
 * Player attributes (decision 039): custom attributes declared per game, read at each session
 * against the declarations, the session count and days since install kept by the server, and the player's segments
 * evaluated at each session.
 */

const servers = useTestServers();

const DECLARED = [
  { name: 'chapter', type: 'int' },
  { name: 'winRate', type: 'double' },
  { name: 'cohort', type: 'string' },
  { name: 'vip', type: 'bool' },
  { name: 'tags', type: 'list<string>' },
];

async function gameWithAttributes(email: string, clock: TestClock) {
  const setup = await publishedRuntimeGame(servers, email, { clock, configs: 0 });
  const declared = await declareAttributes(setup, DECLARED);
  expect(declared.status, declared.text).toBe(200);
  return setup;
}

async function session(setup: RuntimeGameSetup, playerId: string, extra: Record<string, unknown> = {}) {
  const answer = await new RuntimeClient(setup.server.url).signIn(setup.game.sdkKey, playerId, extra);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as CreateSessionResponse;
}

/** The player's row as stored: what the targeting of daily rewards reads. */
async function stored(setup: RuntimeGameSetup, playerId: string) {
  const result = (await setup.server.database.db.execute(sql`
    select session_count, to_json(matched_segments)::text as matched, attributes::text as attributes
    from player where game_id = ${setup.game.id} and player_id = ${playerId}`)) as unknown as {
    rows: { session_count: number; matched: string; attributes: string }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error(`no player ${playerId}`);
  return {
    sessionCount: Number(row.session_count),
    matched: JSON.parse(row.matched) as string[],
    attributes: JSON.parse(row.attributes) as Record<string, unknown>,
  };
}

describe('custom attribute declarations', () => {
  it('are read and replaced through the dashboard, each type kept as declared', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'attributes-declare@studio.test', { clock, configs: 0 });
    const path = `/api/games/${setup.game.id}/custom-attributes`;
    expect((await setup.client.get(path)).body).toEqual({ customAttributes: [] });
    const saved = await declareAttributes(setup, DECLARED);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ customAttributes: DECLARED });
    expect(((await setup.client.get(path)).body as CustomAttributeDeclarations).customAttributes).toEqual(DECLARED);
    const fewer = await declareAttributes(setup, [{ name: 'vip', type: 'bool' }]);
    expect(fewer.status, fewer.text).toBe(200);
    expect(((await setup.client.get(path)).body as CustomAttributeDeclarations).customAttributes).toEqual([
      { name: 'vip', type: 'bool' },
    ]);
  });

  it('refuse names that are not identifiers, clash with built-in fields or CEL words, repeat, and unknown types', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'attributes-bad@studio.test', { clock, configs: 0 });
    const cases: [{ name: unknown; type: unknown }[], string][] = [
      [[{ name: '2fast', type: 'int' }], CUSTOM_ATTRIBUTE_MESSAGES.nameInvalid],
      [[{ name: 'has space', type: 'int' }], CUSTOM_ATTRIBUTE_MESSAGES.nameInvalid],
      [[{ name: '', type: 'int' }], CUSTOM_ATTRIBUTE_MESSAGES.nameRequired],
      [[{ name: 'level', type: 'int' }], CUSTOM_ATTRIBUTE_MESSAGES.nameBuiltIn('level', 'level')],
      [[{ name: 'Country', type: 'string' }], CUSTOM_ATTRIBUTE_MESSAGES.nameBuiltIn('Country', 'country')],
      [[{ name: 'in', type: 'bool' }], CUSTOM_ATTRIBUTE_MESSAGES.nameReserved('in')],
      [
        [
          { name: 'vip', type: 'bool' },
          { name: 'VIP', type: 'bool' },
        ],
        CUSTOM_ATTRIBUTE_MESSAGES.nameDuplicate('VIP'),
      ],
      [[{ name: 'vip', type: 'map' }], CUSTOM_ATTRIBUTE_MESSAGES.typeUnknown],
      [Array.from({ length: 51 }, (_, i) => ({ name: `a${i}`, type: 'int' })), CUSTOM_ATTRIBUTE_MESSAGES.tooMany],
    ];
    for (const [customAttributes, message] of cases) {
      const answer = await setup.client.request(`/api/games/${setup.game.id}/custom-attributes`, {
        method: 'PUT',
        json: { customAttributes },
      });
      expect(answer.status, JSON.stringify(customAttributes)).toBe(400);
      expect((answer.body as { message: string }).message).toBe(message);
    }
    const extra = await setup.client.request(`/api/games/${setup.game.id}/custom-attributes`, {
      method: 'PUT',
      json: { customAttributes: [], more: true },
    });
    expect(extra.status).toBe(400);
    expect((await setup.client.get(`/api/games/${setup.game.id}/custom-attributes`)).body).toEqual({
      customAttributes: [],
    });
  });

  it('check segment expressions: an attribute is usable once declared, with its type', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'attributes-segments@studio.test', { clock, configs: 0 });
    const before = await setup.client.post(`/api/games/${setup.game.id}/segments`, {
      name: 'VIPs',
      expression: 'player.vip',
    });
    expect(before.status).toBe(400);
    expect((before.body as { message: string }).message).toMatch(/vip/);
    expect((await declareAttributes(setup, DECLARED)).status).toBe(200);
    const vips = await createSegment(setup, 'VIPs', 'player.vip && "whale" in player.tags');
    const wrongType = await setup.client.request(`/api/games/${setup.game.id}/segments/${vips.id}`, {
      method: 'PATCH',
      json: { name: 'VIPs', expression: 'player.chapter > "3"' },
    });
    expect(wrongType.status).toBe(400);
    const edited = await setup.client.request(`/api/games/${setup.game.id}/segments/${vips.id}`, {
      method: 'PATCH',
      json: { name: 'VIPs', expression: 'player.chapter >= 3 && player.winRate > 0.5 && player.cohort == "b"' },
    });
    expect(edited.status, edited.text).toBe(200);
  });

  it('refuse removing or retyping an attribute a segment uses, naming the segment, and allow it once unused', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-in-use@studio.test', clock);
    const vips = await createSegment(setup, 'Loyal VIPs', 'player.vip == true');
    const withoutVip = DECLARED.filter((a) => a.name !== 'vip');
    const removed = await declareAttributes(setup, withoutVip);
    expect(removed.status).toBe(409);
    expect((removed.body as { code: string; message: string }).code).toBe('ATTRIBUTE_IN_USE');
    expect((removed.body as { message: string }).message).toContain('Loyal VIPs');
    const retyped = await declareAttributes(
      setup,
      DECLARED.map((a) => (a.name === 'vip' ? { name: 'vip', type: 'string' } : a)),
    );
    expect(retyped.status).toBe(409);
    expect((retyped.body as { message: string }).message).toContain('Loyal VIPs');
    const stillDeclared = await setup.client.get(`/api/games/${setup.game.id}/custom-attributes`);
    expect((stillDeclared.body as CustomAttributeDeclarations).customAttributes).toEqual(DECLARED);
    // An attribute no segment uses goes; once the segment is gone, vip goes too.
    expect(
      (
        await declareAttributes(
          setup,
          DECLARED.filter((a) => a.name !== 'cohort'),
        )
      ).status,
    ).toBe(200);
    const deleted = await setup.client.request(`/api/games/${setup.game.id}/segments/${vips.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    expect((await declareAttributes(setup, [])).status).toBe(200);
  });

  it('are another owner’s game’s like a missing game', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-owner@studio.test', clock);
    const other = await publishedRuntimeGame(servers, 'attributes-intruder@studio.test', {
      clock,
      configs: 0,
      server: setup.server,
    });
    const path = `/api/games/${setup.game.id}/custom-attributes`;
    expect((await other.client.get(path)).status).toBe(404);
    const put = await other.client.request(path, { method: 'PUT', json: { customAttributes: [] } });
    expect(put.status).toBe(404);
    expect(((await setup.client.get(path)).body as CustomAttributeDeclarations).customAttributes).toEqual(DECLARED);
  });
});

describe('player attributes at a session', () => {
  it('take declared attributes of each type, keep them, and show them in the answer', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-types@studio.test', clock);
    const attributes = {
      level: 4,
      country: 'DE',
      chapter: 3,
      winRate: 0.75,
      cohort: 'b',
      vip: true,
      tags: ['whale', 'early'],
    };
    const first = await session(setup, 'typed-1', { attributes });
    expect(first.ignoredAttributes).toEqual([]);
    expect(first.player.attributes).toEqual(attributes);
    expect((await stored(setup, 'typed-1')).attributes).toEqual(attributes);
    // A later session merges what it sends into what is kept.
    const later = await session(setup, 'typed-1', { attributes: { chapter: 4, tags: [] } });
    expect(later.player.attributes).toEqual({ ...attributes, chapter: 4, tags: [] });
  });

  it('ignore and report attributes of the wrong type, undeclared ones and the server’s own, keeping what was there', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-wrong@studio.test', clock);
    await session(setup, 'wrong-1', { attributes: { chapter: 2, vip: false, tags: ['a'] } });
    const answer = await session(setup, 'wrong-1', {
      attributes: {
        chapter: '3',
        winRate: 'high',
        cohort: 7,
        vip: 1,
        tags: ['a', 2],
        favouriteColour: 'red',
        sessionCount: 1000,
        daysSinceInstall: 365,
        level: 5,
      },
    });
    expect(answer.ignoredAttributes).toEqual([
      { name: 'chapter', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredWrongType('int', 'a string') },
      { name: 'winRate', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredWrongType('double', 'a string') },
      { name: 'cohort', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredWrongType('string', 'an int') },
      { name: 'vip', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredWrongType('bool', 'an int') },
      { name: 'tags', reason: expect.stringMatching(/^expected list<string>, got /) as string },
      { name: 'favouriteColour', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredUndeclared },
      { name: 'sessionCount', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredServerKept },
      { name: 'daysSinceInstall', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredServerKept },
    ]);
    expect(answer.player.attributes).toEqual({ chapter: 2, vip: false, tags: ['a'], level: 5 });
    expect(answer.player.sessionCount).toBe(2);
    expect((await stored(setup, 'wrong-1')).attributes).toEqual({ chapter: 2, vip: false, tags: ['a'], level: 5 });
    // An int beyond what JSON numbers hold exactly is not an int.
    const huge = await session(setup, 'wrong-1', { attributes: { chapter: 2 ** 60 } });
    expect(huge.ignoredAttributes.map((i) => i.name)).toEqual(['chapter']);
  });

  it('refuse a 1 MB body as before, and ignore one attribute longer than the limit', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-big@studio.test', clock);
    const client = new RuntimeClient(setup.server.url);
    const big = await client.request('/v1/sessions', {
      body: JSON.stringify({ sdkKey: setup.game.sdkKey, playerId: 'big', attributes: { cohort: 'x'.repeat(1 << 20) } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect((big.body as { code: string }).code).toBe('payload_too_large');
    const long = await session(setup, 'long-1', {
      attributes: { cohort: 'x'.repeat(RUNTIME_ATTRIBUTE_VALUE_MAX_CHARS), vip: true },
    });
    expect(long.ignoredAttributes).toEqual([{ name: 'cohort', reason: RUNTIME_MESSAGES.attributeTooLong }]);
    expect((await stored(setup, 'long-1')).attributes).toEqual({ vip: true });
    const justFits = 'x'.repeat(RUNTIME_ATTRIBUTE_VALUE_MAX_CHARS - 2);
    const fits = await session(setup, 'long-1', { attributes: { cohort: justFits } });
    expect(fits.ignoredAttributes).toEqual([]);
    expect(fits.player.attributes.cohort).toBe(justFits);
  });

  it('count sessions and whole days since install on the runtime’s clock', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-count@studio.test', clock);
    const first = await session(setup, 'count-1');
    expect([first.player.sessionCount, first.player.daysSinceInstall]).toEqual([1, 0]);
    clock.advance(DAY - HOUR);
    const second = await session(setup, 'count-1');
    expect([second.player.sessionCount, second.player.daysSinceInstall]).toEqual([2, 0]);
    clock.advance(HOUR);
    const third = await session(setup, 'count-1');
    expect([third.player.sessionCount, third.player.daysSinceInstall]).toEqual([3, 1]);
    clock.advance(29 * DAY);
    const fourth = await session(setup, 'count-1');
    expect([fourth.player.sessionCount, fourth.player.daysSinceInstall]).toEqual([4, 30]);
    expect((await stored(setup, 'count-1')).sessionCount).toBe(4);
    // Sessions at the same moment are each counted once.
    await Promise.all(Array.from({ length: 10 }, () => session(setup, 'count-1')));
    expect((await stored(setup, 'count-1')).sessionCount).toBe(14);
    // A new player signed in by several requests at once is created once, and every one of them counts.
    await Promise.all(Array.from({ length: 6 }, () => session(setup, 'count-2')));
    expect((await stored(setup, 'count-2')).sessionCount).toBe(6);
  });
});

describe('segments at a session', () => {
  it('store the segments a player is in, over built-in, server-kept and custom fields', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-match@studio.test', clock);
    const whales = await createSegment(setup, 'Whales', 'player.vip && "whale" in player.tags');
    const veterans = await createSegment(setup, 'Veterans', 'player.daysSinceInstall >= 7 && player.sessionCount > 2');
    const germans = await createSegment(setup, 'Germans', 'player.country == "DE" && player.winRate > 0.5');
    const chapterThree = await createSegment(setup, 'Chapter 3+', 'player.chapter >= 3');

    await session(setup, 'seg-1', { attributes: { vip: true, tags: ['whale'], country: 'DE', winRate: 0.25 } });
    expect((await stored(setup, 'seg-1')).matched).toEqual([whales.id]);
    // A player who never sent chapter is not in a segment over it.
    clock.advance(7 * DAY);
    await session(setup, 'seg-1', { attributes: { winRate: 0.75 } });
    expect((await stored(setup, 'seg-1')).matched).toEqual([whales.id, germans.id]);
    await session(setup, 'seg-1', { attributes: { chapter: 3, vip: false } });
    expect((await stored(setup, 'seg-1')).matched).toEqual([veterans.id, germans.id, chapterThree.id]);
    // A wrong type is ignored for targeting: the stored chapter still counts.
    await session(setup, 'seg-1', { attributes: { chapter: 'one' } });
    expect((await stored(setup, 'seg-1')).matched).toEqual([veterans.id, germans.id, chapterThree.id]);
  });

  it('follow a segment’s edit, and its deletion, at the player’s next session', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-edit@studio.test', clock);
    const segment = await createSegment(setup, 'Late chapters', 'player.chapter > 5');
    await session(setup, 'edit-1', { attributes: { chapter: 3 } });
    expect((await stored(setup, 'edit-1')).matched).toEqual([]);
    const edited = await setup.client.request(`/api/games/${setup.game.id}/segments/${segment.id}`, {
      method: 'PATCH',
      json: { name: 'Late chapters', expression: 'player.chapter > 2' },
    });
    expect(edited.status, edited.text).toBe(200);
    // Stored only at a session: nothing changes before it.
    expect((await stored(setup, 'edit-1')).matched).toEqual([]);
    await session(setup, 'edit-1');
    expect((await stored(setup, 'edit-1')).matched).toEqual([segment.id]);
    const created = await createSegment(setup, 'Everyone', 'player.sessionCount > 0');
    await session(setup, 'edit-1');
    expect((await stored(setup, 'edit-1')).matched).toEqual([segment.id, created.id]);
    const deleted = await setup.client.request(`/api/games/${setup.game.id}/segments/${segment.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    await session(setup, 'edit-1');
    expect((await stored(setup, 'edit-1')).matched).toEqual([created.id]);
  });

  it('see an attribute’s new type at once: a value kept under the old type is not read as the new one', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await gameWithAttributes('attributes-retype@studio.test', clock);
    await session(setup, 'retype-1', { attributes: { cohort: 'b' } });
    // cohort becomes an int (no segment uses it yet), then a segment uses it as one.
    const retyped = DECLARED.map((a) => (a.name === 'cohort' ? { name: 'cohort', type: 'int' } : a));
    expect((await declareAttributes(setup, retyped)).status).toBe(200);
    const segment = await createSegment(setup, 'Cohort set', 'has(player.cohort)');
    const answer = await session(setup, 'retype-1');
    expect(answer.player.attributes).not.toHaveProperty('cohort');
    expect((await stored(setup, 'retype-1')).matched).toEqual([]);
    await session(setup, 'retype-1', { attributes: { cohort: 2 } });
    expect((await stored(setup, 'retype-1')).matched).toEqual([segment.id]);
  });
});
