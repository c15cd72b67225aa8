import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import {
  EXPERIMENT_API_MESSAGES,
  EXPERIMENT_MESSAGES,
  experimentRollupVariantId,
  type Experiment,
  type ExperimentSummary,
} from '@liveops/domain/experiments';
import { type LayoutNode } from '@liveops/domain/layout';
import { type PlayerProfile } from '@liveops/domain/players';
import { type PublishPreview, type Releases } from '@liveops/domain/releases';
import { type DailyRewardState } from '@liveops/domain/runtime-api';
import { experiment, experimentAssignment, experimentVariant, player } from '../src/db/schema';
import { feedClaimAnalytics } from '../src/analytics/analytics-claims';
import { readDailyRollups } from '../src/analytics/analytics-events';
import { publishedRuntimeGame, publishGame, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { readStandInPage } from './support/page-stand-in';
import { startTestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

/* A/B tests of the popup (decision 046). */
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

const BLUE: LayoutNode = {
  id: 'root',
  type: 'Root',
  props: {},
  children: [{ id: 't1', type: 'TextCB', label: 'Title', props: { value: 'Blue' } }],
};
const GREEN: LayoutNode = {
  id: 'root',
  type: 'Root',
  props: {},
  children: [{ id: 't1', type: 'TextCB', label: 'Title', props: { value: 'Green' } }],
};
const AB = [
  { id: 'a', name: 'Blue', weight: 1 },
  { id: 'b', name: 'Green', weight: 1 },
];

function paths(setup: RuntimeGameSetup, configId = setup.configs[0]!.id) {
  const config = `/api/games/${setup.game.id}/daily-rewards/${configId}`;
  return {
    list: `/api/games/${setup.game.id}/daily-rewards`,
    config,
    single: `/api/daily-rewards/${configId}`,
    layout: `${config}/layout`,
    experiment: `${config}/experiment`,
    variantLayout: (variantId: string) => `${config}/experiment/variants/${variantId}/layout`,
    promote: `${config}/experiment/promote`,
    history: `${config}/experiments`,
  };
}

async function withLayout(setup: RuntimeGameSetup, layout: LayoutNode) {
  const saved = await setup.client.request(paths(setup).layout, { method: 'PUT', json: { uiLayout: layout } });
  expect(saved.status, saved.text).toBe(200);
  return saved.body as DailyReward;
}

describe('experiments in the dashboard', () => {
  it('starts an experiment whose variants copy the config’s layout, shown on the config, the list and the history', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-start@studio.test', { clock: clock() });
    const at = paths(setup);
    await withLayout(setup, BLUE);
    const started = await setup.client.post(at.experiment, { variants: AB });
    expect(started.status, started.text).toBe(201);
    const shown = started.body as Experiment;
    expect(shown.id).toMatch(/^exp_[A-Za-z0-9_-]+$/);
    expect(shown).toMatchObject({
      status: 'running',
      variants: [
        { id: 'a', name: 'Blue', weight: 1, control: true, uiLayout: null, layoutVersion: 1 },
        { id: 'b', name: 'Green', weight: 1, control: false, uiLayout: BLUE, layoutVersion: 0 },
      ],
    });
    const single = (await setup.client.get(at.single)).body as DailyReward;
    expect(single.experiment).toEqual(shown);
    const list = (await setup.client.get(at.list)).body as DailyReward[];
    expect(list[0]!.experiment).toEqual(shown);
    const again = await setup.client.post(at.experiment, { variants: AB });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EXPERIMENT_RUNNING', message: EXPERIMENT_API_MESSAGES.running });
    const history = (await setup.client.get(at.history)).body as { experiments: ExperimentSummary[] };
    expect(history.experiments).toEqual([
      {
        id: shown.id,
        status: 'running',
        startedAt: shown.startedAt,
        endedAt: null,
        winnerVariantId: null,
        variants: [
          { id: 'a', name: 'Blue', weight: 1, control: true },
          { id: 'b', name: 'Green', weight: 1, control: false },
        ],
      },
    ]);
    // A config without one says so.
    const created = (await setup.client.post(at.list, {})).body as DailyReward;
    expect(created.experiment).toBeNull();
    expect(((await setup.client.get(at.list)).body as DailyReward[])[1]!.experiment).toBeNull();
  });

  it('refuses bad variants with the domain’s messages and stores nothing', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-refusals@studio.test', { clock: clock() });
    const at = paths(setup);
    const refusals: [string, unknown, string][] = [
      [
        'weights summing to 0',
        { variants: AB.map((v) => ({ ...v, weight: 0 })) },
        EXPERIMENT_MESSAGES.weightsSumToZero,
      ],
      ['one variant', { variants: [AB[0]] }, EXPERIMENT_MESSAGES.tooFewVariants],
      [
        'five variants',
        { variants: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: id, weight: 1 })) },
        EXPERIMENT_MESSAGES.tooManyVariants,
      ],
      ['a repeated id', { variants: [AB[0], { ...AB[1], id: 'a' }] }, EXPERIMENT_MESSAGES.duplicateVariantId('a')],
      ['a negative weight', { variants: [AB[0], { ...AB[1], weight: -1 }] }, EXPERIMENT_MESSAGES.weightInvalid],
      ['an id with a space', { variants: [AB[0], { ...AB[1], id: 'b b' }] }, EXPERIMENT_MESSAGES.variantIdInvalid],
      ['no variants', {}, EXPERIMENT_MESSAGES.variantsInvalid],
      ['a list', [], EXPERIMENT_MESSAGES.variantsInvalid],
    ];
    for (const [label, body, message] of refusals) {
      const answer = await setup.client.post(at.experiment, body);
      expect(answer.status, label).toBe(400);
      expect((answer.body as { message: string }).message, label).toBe(message);
    }
    expect(await countWhere(setup, 'experiment', 'config_id', setup.configs[0]!.id)).toBe(0);
    const missing = await setup.client.post(paths(setup, 'no-such-config').experiment, { variants: AB });
    expect(missing.status).toBe(404);
  });

  it('renames, reweights and adds variants while running, and refuses removing one (VARIANT_LIVE) or reordering', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-edit@studio.test', { clock: clock() });
    const at = paths(setup);
    const none = await setup.client.request(at.experiment, { method: 'PATCH', json: { variants: AB } });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ message: EXPERIMENT_API_MESSAGES.notRunning });
    const { id } = (await setup.client.post(at.experiment, { variants: AB })).body as Experiment;
    const edited = await setup.client.request(at.experiment, {
      method: 'PATCH',
      json: {
        variants: [
          { id: 'a', name: 'Blue sky', weight: 3 },
          { id: 'b', name: 'Green', weight: 1 },
          { id: 'c', name: 'Red', weight: 2 },
        ],
      },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      id,
      variants: [
        { id: 'a', name: 'Blue sky', weight: 3, control: true },
        { id: 'b', name: 'Green', weight: 1, control: false },
        { id: 'c', name: 'Red', weight: 2, control: false, uiLayout: null, layoutVersion: 0 },
      ],
    });
    const removed = await setup.client.request(at.experiment, { method: 'PATCH', json: { variants: AB } });
    expect(removed.status).toBe(409);
    expect(removed.body).toMatchObject({
      code: 'VARIANT_LIVE',
      message: EXPERIMENT_API_MESSAGES.variantLive,
      variantId: 'c',
    });
    const reordered = await setup.client.request(at.experiment, {
      method: 'PATCH',
      json: {
        variants: [
          { id: 'b', name: 'Green', weight: 1 },
          { id: 'a', name: 'Blue sky', weight: 3 },
          { id: 'c', name: 'Red', weight: 2 },
        ],
      },
    });
    expect(reordered.status).toBe(400);
    expect(reordered.body).toMatchObject({ message: EXPERIMENT_API_MESSAGES.variantOrder });
    const zero = await setup.client.request(at.experiment, {
      method: 'PATCH',
      json: { variants: ['a', 'b', 'c'].map((v) => ({ id: v, name: v, weight: 0 })) },
    });
    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({ message: EXPERIMENT_MESSAGES.weightsSumToZero });
    const single = (await setup.client.get(at.single)).body as DailyReward;
    expect(single.experiment?.variants.map((v) => [v.id, v.name, v.weight])).toEqual([
      ['a', 'Blue sky', 3],
      ['b', 'Green', 1],
      ['c', 'Red', 2],
    ]);
  });

  it('saves a variant’s layout with the version check, and the control’s as the config’s own layout', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-layouts@studio.test', { clock: clock() });
    const at = paths(setup);
    await withLayout(setup, BLUE);
    await setup.client.post(at.experiment, { variants: AB });
    const saved = await setup.client.request(at.variantLayout('b'), {
      method: 'PUT',
      json: { uiLayout: GREEN, baseVersion: 0 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as Experiment).variants[1]).toMatchObject({ id: 'b', uiLayout: GREEN, layoutVersion: 1 });
    const stale = await setup.client.request(at.variantLayout('b'), {
      method: 'PUT',
      json: { uiLayout: BLUE, baseVersion: 0 },
    });
    expect(stale.status).toBe(409);
    const conflict = stale.body as { code: string; current: DailyReward };
    expect(conflict.code).toBe('LAYOUT_CONFLICT');
    expect(conflict.current.experiment?.variants[1]).toMatchObject({ uiLayout: GREEN, layoutVersion: 1 });
    // Without a base version it overwrites, as the editor's "overwrite".
    expect(
      (await setup.client.request(at.variantLayout('b'), { method: 'PUT', json: { uiLayout: GREEN } })).status,
    ).toBe(200);
    const control = await setup.client.request(at.variantLayout('a'), {
      method: 'PUT',
      json: { uiLayout: GREEN, baseVersion: 1 },
    });
    expect(control.status, control.text).toBe(200);
    expect((control.body as Experiment).variants[0]).toMatchObject({ control: true, uiLayout: null, layoutVersion: 2 });
    const config = (await setup.client.get(at.single)).body as DailyReward;
    expect(config).toMatchObject({ uiLayout: GREEN, layoutVersion: 2 });
    const controlStale = await setup.client.request(at.variantLayout('a'), {
      method: 'PUT',
      json: { uiLayout: BLUE, baseVersion: 1 },
    });
    expect(controlStale.status).toBe(409);
    expect(controlStale.body).toMatchObject({ code: 'LAYOUT_CONFLICT' });
    const unknown = await setup.client.request(at.variantLayout('z'), { method: 'PUT', json: { uiLayout: BLUE } });
    expect(unknown.status).toBe(404);
    const invalid = await setup.client.request(at.variantLayout('b'), { method: 'PUT', json: { uiLayout: 'root' } });
    expect(invalid.status).toBe(400);
  });

  it('promotes a winner: the config’s layout becomes the variant’s and the experiment ends with its winner', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-promote@studio.test', { clock: clock() });
    const at = paths(setup);
    await withLayout(setup, BLUE);
    const { id } = (await setup.client.post(at.experiment, { variants: AB })).body as Experiment;
    await setup.client.request(at.variantLayout('b'), { method: 'PUT', json: { uiLayout: GREEN } });
    const unknown = await setup.client.post(at.promote, { variantId: 'z' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: EXPERIMENT_API_MESSAGES.variantNotFound });
    expect((await setup.client.post(at.promote, { variantId: '' })).status).toBe(400);
    const promoted = await setup.client.post(at.promote, { variantId: 'b' });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({ uiLayout: GREEN, layoutVersion: 2, experiment: null });
    expect(((await setup.client.get(at.single)).body as DailyReward).experiment).toBeNull();
    const history = (await setup.client.get(at.history)).body as { experiments: ExperimentSummary[] };
    expect(history.experiments[0]).toMatchObject({ id, status: 'ended', winnerVariantId: 'b' });
    expect(history.experiments[0]!.endedAt).not.toBeNull();
    expect((await setup.client.post(at.promote, { variantId: 'b' })).status).toBe(404);

    // A new start is a new experiment; ending it keeps the control's layout.
    const second = (await setup.client.post(at.experiment, { variants: AB })).body as Experiment;
    expect(second.id).not.toBe(id);
    expect(second.variants[1]!.uiLayout).toEqual(GREEN);
    const ended = await setup.client.request(at.experiment, { method: 'DELETE' });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toMatchObject({ uiLayout: GREEN, layoutVersion: 2, experiment: null });
    const after = (await setup.client.get(at.history)).body as { experiments: ExperimentSummary[] };
    expect(after.experiments.map((e) => [e.id, e.status, e.winnerVariantId])).toEqual([
      [second.id, 'ended', null],
      [id, 'ended', 'b'],
    ]);
    expect((await setup.client.request(at.experiment, { method: 'DELETE' })).status).toBe(404);
  });
});

const fetchJson = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as unknown) : null };
};

describe('publishing an experiment', () => {
  it('writes each variant’s page and config.json in the release, the control’s being the config’s, and switches them live and back', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-publish@studio.test', { clock: clock() });
    const at = paths(setup);
    await withLayout(setup, BLUE);
    const started = (await setup.client.post(at.experiment, { variants: AB })).body as Experiment;
    await setup.client.request(at.variantLayout('b'), { method: 'PUT', json: { uiLayout: GREEN } });
    const preview = (await setup.client.get(`/api/games/${setup.game.id}/releases/preview`)).body as PublishPreview;
    expect(preview.problems).toEqual([]);
    // The review names the variants this publish writes, as the publish itself reads them.
    expect(preview.configs.map((config) => config.experiment)).toEqual([
      { variants: started.variants.map((variant) => ({ name: variant.name, weight: variant.weight })) },
    ]);
    await publishGame(setup.client, setup.game.id);
    const live = () =>
      setup.client
        .get(`/api/games/${setup.game.id}/releases`)
        .then((answer) => (answer.body as Releases).releases.find((release) => release.live)!);
    const second = await live();
    expect(second.version).toBe(2);
    const artifact = second.artifacts[0]!;
    expect(artifact.experiment?.id).toBe(started.id);
    const [a, b] = artifact.experiment!.variants;
    expect(a).toMatchObject({
      id: 'a',
      name: 'Blue',
      weight: 1,
      htmlUrl: artifact.htmlUrl,
      versionedHtmlUrl: artifact.versionedHtmlUrl,
      configUrl: artifact.configUrl,
      versionedConfigUrl: artifact.versionedConfigUrl,
    });
    expect(b!.versionedHtmlUrl).toContain(
      `packs/${setup.game.id}/releases/2/daily_rewards/${artifact.id}/variants/b/daily_rewards.html`,
    );
    expect(b!.htmlUrl).toContain(`packs/${setup.game.id}/daily_rewards/${artifact.id}/variants/b/daily_rewards.html`);
    for (const url of [b!.versionedConfigUrl, b!.configUrl]) {
      const variantConfig = await fetchJson(url);
      expect(variantConfig.status, url).toBe(200);
      expect((variantConfig.body as { id: string; uiLayout: LayoutNode }).uiLayout).toEqual(GREEN);
      expect((variantConfig.body as { id: string }).id).toBe(artifact.id);
    }
    expect(((await fetchJson(a!.versionedConfigUrl)).body as { uiLayout: LayoutNode }).uiLayout).toEqual(BLUE);
    const page = await fetch(b!.versionedHtmlUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Green');

    // Ended: the next release has no experiment, and the variant's stable files go.
    await setup.client.request(at.experiment, { method: 'DELETE' });
    await publishGame(setup.client, setup.game.id);
    const third = await live();
    expect(third.version).toBe(3);
    expect(third.artifacts[0]!.experiment).toBeUndefined();
    expect((await fetchJson(b!.configUrl)).status).toBe(404);
    // The release that had it keeps its versioned files, and a rollback puts its variants back at the stable paths.
    expect((await fetchJson(b!.versionedConfigUrl)).status).toBe(200);
    const back = await setup.client.post(`/api/games/${setup.game.id}/releases/2/live`, {});
    expect(back.status, back.text).toBeLessThan(300);
    expect((await live()).version).toBe(2);
    expect(((await fetchJson(b!.configUrl)).body as { uiLayout: LayoutNode }).uiLayout).toEqual(GREEN);
  });

  it('lists a variant’s layout problem before publishing, naming the variant', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-publish-check@studio.test', { clock: clock() });
    const at = paths(setup);
    await setup.client.post(at.experiment, { variants: AB });
    const missingArt: LayoutNode = {
      id: 'root',
      type: 'Root',
      props: {},
      children: [{ id: 'art', type: 'ImageCB', props: { src: 'asset:gone01' } }],
    };
    expect(
      (await setup.client.request(at.variantLayout('b'), { method: 'PUT', json: { uiLayout: missingArt } })).status,
    ).toBe(200);
    const preview = (await setup.client.get(`/api/games/${setup.game.id}/releases/preview`)).body as {
      problems: { code: string; message: string }[];
    };
    expect(preview.problems.map((problem) => problem.code)).toEqual(['ASSET_MISSING']);
    expect(preview.problems[0]!.message).toContain('(variant Green)');
  });
});

type ListAnswer = { dailyRewards: DailyRewardState[] };

describe('the runtime’s variants', () => {
  it('assigns each player a variant once and for good, with its page as popupUrl, and stores the first assignment', async () => {
    const setup = await publishedRuntimeGame(servers, 'experiments-runtime@studio.test', { clock: clock() });
    const at = paths(setup);
    const outsider = new RuntimeClient(setup.server.url);
    await outsider.signIn(setup.game.sdkKey, 'before-any-test');
    const before = (await outsider.request('/v1/daily-rewards')).body as ListAnswer;
    expect(before.dailyRewards[0]!.variantId).toBeNull();

    await withLayout(setup, BLUE);
    const { id } = (await setup.client.post(at.experiment, { variants: AB })).body as Experiment;
    await setup.client.request(at.variantLayout('b'), { method: 'PUT', json: { uiLayout: GREEN } });
    // Not yet published: players see no test.
    expect(((await outsider.request('/v1/daily-rewards')).body as ListAnswer).dailyRewards[0]!.variantId).toBeNull();
    await publishGame(setup.client, setup.game.id);

    const players: { client: RuntimeClient; variantId: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const client = new RuntimeClient(setup.server.url);
      expect((await client.signIn(setup.game.sdkKey, `ab-player-${i}`)).status).toBe(200);
      const listed = await client.request('/v1/daily-rewards');
      expect(listed.status, listed.text).toBe(200);
      const state = (listed.body as ListAnswer).dailyRewards[0]!;
      expect(['a', 'b']).toContain(state.variantId);
      const page = new URL(state.popupUrl!).pathname;
      if (state.variantId === 'b') expect(page).toMatch(/\/variants\/b\/daily_rewards\.html$/);
      else expect(page).toMatch(new RegExp(`/daily_rewards/${setup.configs[0]!.id}/daily_rewards\\.html$`));
      players.push({ client, variantId: state.variantId! });
    }
    expect(new Set(players.map((p) => p.variantId))).toEqual(new Set(['a', 'b']));
    expect(await countWhere(setup, 'experiment_assignment', 'experiment_id', id)).toBe(20);

    // Everyone keeps their variant after the weights change (stored), and newcomers follow the new weights.
    await setup.client.request(at.experiment, {
      method: 'PATCH',
      json: { variants: [AB[0], { ...AB[1], weight: 0 }] },
    });
    await publishGame(setup.client, setup.game.id);
    for (const { client, variantId } of players) {
      const state = ((await client.request('/v1/daily-rewards')).body as ListAnswer).dailyRewards[0]!;
      expect(state.variantId).toBe(variantId);
    }
    const newcomer = new RuntimeClient(setup.server.url);
    await newcomer.signIn(setup.game.sdkKey, 'ab-newcomer');
    expect(((await newcomer.request('/v1/daily-rewards')).body as ListAnswer).dailyRewards[0]!.variantId).toBe('a');

    // A claim's answer names the variant too.
    const { client, variantId } = players.find((p) => p.variantId === 'b')!;
    const claimed = await client.claim(setup.configs[0]!.id);
    expect(claimed.status, claimed.text).toBe(200);
    expect((claimed.body as { dailyReward: DailyRewardState }).dailyReward.variantId).toBe(variantId);

    // The Players tab shows support which variant a player is in; a player never assigned shows none.
    const profile = await setup.client.get(`/api/games/${setup.game.id}/players/ab-player-0`);
    expect(profile.status, profile.text).toBe(200);
    const state = (profile.body as PlayerProfile).states[0]!;
    expect(state.experiment).toMatchObject({ experimentId: id, running: true, variantId: players[0]!.variantId });
    expect(state.experiment?.variantName).toBe(players[0]!.variantId === 'b' ? AB[1]!.name : AB[0]!.name);
    const unassigned = await setup.client.get(`/api/games/${setup.game.id}/players/before-any-test`);
    expect((unassigned.body as PlayerProfile).states[0]!.experiment).toBeNull();
  });

  it('assigns a player on a second instance the variant the first stored', async () => {
    const time = clock();
    const database = await servers.databases().create();
    const one = await startTestServer(database, {
      ownsDatabase: false,
      publishing: { readPageHtml: readStandInPage },
      now: time.now,
    });
    // The same storage, as instances behind a load balancer share it.
    const two = await startTestServer(database, {
      ownsDatabase: false,
      smtp: one.smtp,
      now: time.now,
      dataDir: one.config.dataDir,
    });
    servers.cleanups.push(async () => {
      await two.close();
      await one.close();
      await database.close();
    });
    const setup = await publishedRuntimeGame(servers, 'experiments-two-instances@studio.test', {
      clock: time,
      server: one,
    });
    const at = paths(setup);
    await setup.client.post(at.experiment, { variants: AB });
    await publishGame(setup.client, setup.game.id);
    const player = new RuntimeClient(one.url);
    await player.signIn(setup.game.sdkKey, 'two-instance-player');
    const first = ((await player.request('/v1/daily-rewards')).body as ListAnswer).dailyRewards[0]!.variantId;
    // The stored row, changed by hand, is what another instance (which never saw the player) answers.
    const other = first === 'a' ? 'b' : 'a';
    await one.database.db.execute(sql`update experiment_assignment set variant_id = ${other}`);
    const elsewhere = new RuntimeClient(two.url);
    elsewhere.token = player.token;
    expect(((await elsewhere.request('/v1/daily-rewards')).body as ListAnswer).dailyRewards[0]!.variantId).toBe(other);
    // This instance keeps what it stored (assignments never change, so they are not read again).
    expect(((await player.request('/v1/daily-rewards')).body as ListAnswer).dailyRewards[0]!.variantId).toBe(first);
  });
});

describe('variants in the analytics', () => {
  it('counts a player’s shown and claim in their variant’s rollup, keyed by experiment and variant', async () => {
    const time = clock();
    const setup = await publishedRuntimeGame(servers, 'experiments-analytics@studio.test', { clock: time });
    const at = paths(setup);
    const configId = setup.configs[0]!.id;
    const { id } = (await setup.client.post(at.experiment, { variants: AB })).body as Experiment;
    await publishGame(setup.client, setup.game.id);
    const player = new RuntimeClient(setup.server.url);
    await player.signIn(setup.game.sdkKey, 'analytics-ab-player');
    const variantId = ((await player.request('/v1/daily-rewards')).body as ListAnswer).dailyRewards[0]!.variantId!;
    const shown = await player.request('/v1/events', {
      json: { events: [{ id: randomUUID(), type: 'shown', configId, clientTime: time.time - 1000 }] },
    });
    expect(shown.status, shown.text).toBe(200);
    expect((await player.claim(configId)).status).toBe(200);
    await feedClaimAnalytics(setup.server.database.db, { from: time.time - 60_000, to: time.time + 60_000 });

    const day = new Date(time.time).toISOString().slice(0, 10);
    const rollup = async (variant: string | null) =>
      (
        await readDailyRollups(setup.server.database.db, {
          gameId: setup.game.id,
          configId,
          variantId: variant,
          from: day,
          to: day,
        })
      )[0];
    const mine = await rollup(experimentRollupVariantId(id, variantId));
    expect(mine).toMatchObject({ shown: 1, claimed: 1 });
    expect(mine!.claimedByCycleDay[0]).toBe(1);
    const other = await rollup(experimentRollupVariantId(id, variantId === 'a' ? 'b' : 'a'));
    expect(other?.claimed ?? 0).toBe(0);
    expect(await rollup(null)).toMatchObject({ shown: 1, claimed: 1 });

    // A player of another test of the same config counts apart: a new start is a new key.
    await setup.client.request(at.experiment, { method: 'DELETE' });
    const second = (await setup.client.post(at.experiment, { variants: AB })).body as Experiment;
    await publishGame(setup.client, setup.game.id);
    const next = new RuntimeClient(setup.server.url);
    await next.signIn(setup.game.sdkKey, 'analytics-ab-next');
    const nextVariant = ((await next.request('/v1/daily-rewards')).body as ListAnswer).dailyRewards[0]!.variantId!;
    await next.request('/v1/events', {
      json: { events: [{ id: randomUUID(), type: 'shown', configId, clientTime: time.time - 1000 }] },
    });
    expect(await rollup(experimentRollupVariantId(second.id, nextVariant))).toMatchObject({ shown: 1 });
    expect((await rollup(experimentRollupVariantId(id, variantId)))!.shown).toBe(1);
  });
});
