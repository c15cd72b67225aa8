import type { EmbedConfig, PopupSession, PublishedPageMessage } from '@liveops/domain/published';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ClaimOutcome } from './claim-with-session';
import type { HostBridge } from './host-bridge';
import type { ConfigOutcome } from './load-config';
import { type PublishedActions, type PublishedState, startPublishedPage } from './published-controller';
import { RESULT, SESSION } from './test-session';

const week: EmbedConfig = {
  id: 'week',
  name: 'Week',
  cycleDays: 7,
  rewards: [{ day: 3, packId: 'gold' }],
  packs: [{ id: 'gold', name: 'Gold', value: 1, amount: 100, assetUrl: null, iconId: 'coin' }],
  assets: [],
};

/** A bridge that records what the page sends and lets a test play the host's CB_INIT. */
function fakeBridge() {
  const sent: PublishedPageMessage[] = [];
  let onInit: Parameters<HostBridge['listen']>[0] = () => undefined;
  const bridge: HostBridge = {
    host: () => 'parent',
    send: (message) => sent.push(message),
    listen: (listener) => {
      onInit = listener;
      return () => undefined;
    },
  };
  const hostInit = (config: EmbedConfig, streak: number) =>
    onInit({
      source: 'CB_HOST',
      type: 'CB_INIT',
      payload: { featureType: 'daily_rewards', config, params: { streak }, v: 1 },
    });
  return { bridge, sent, hostInit, types: () => sent.map((message) => message.type) };
}

function start(
  options: { config?: ConfigOutcome | null; load?: Promise<ConfigOutcome>; loadingDelayMs?: number } = {},
) {
  const host = fakeBridge();
  const rendered: PublishedState[] = [];
  let actions: PublishedActions | undefined;
  const page = startPublishedPage({
    config: options.config ?? null,
    params: { streak: 2 },
    bridge: host.bridge,
    loadConfig: () => options.load ?? Promise.resolve({ ok: true, config: week }),
    render: (state, given) => {
      rendered.push(state);
      actions = given;
    },
    imagesLoaded: () => Promise.resolve({ images: 1, failed: 0 }),
    ...(options.loadingDelayMs === undefined ? {} : { loadingDelayMs: options.loadingDelayMs }),
  });
  return { ...host, page, rendered, actions: () => actions! };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startPublishedPage', () => {
  it('draws the config.json popup first when it comes quickly; tells loaded once it is drawn, then ready once its images are', async () => {
    const { rendered, sent, types } = start();
    expect(rendered).toEqual([]);
    expect(sent).toEqual([]);
    await flush();
    expect(rendered.map((state) => state.status)).toEqual(['ready']);
    expect(types()).toEqual(['loaded', 'ready']);
    expect(sent[1]).toEqual({
      source: 'CB_EMBED',
      type: 'ready',
      payload: { configId: 'week', images: 1, imagesFailed: 0 },
    });
  });

  it('shows Loading… while config.json takes longer than the delay, without telling loaded', async () => {
    let answer: (outcome: ConfigOutcome) => void = () => undefined;
    const { rendered, types } = start({ load: new Promise((resolve) => (answer = resolve)), loadingDelayMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rendered.map((state) => state.status)).toEqual(['loading']);
    expect(types()).toEqual([]);
    answer({ ok: true, config: week });
    await flush();
    expect(rendered.map((state) => state.status)).toEqual(['loading', 'ready']);
    expect(types()).toEqual(['loaded', 'ready']);
  });

  it("shows a config from the address at once, and the host's CB_INIT over it, telling loaded only once", async () => {
    const { rendered, hostInit, types, page } = start({ config: { ok: true, config: week } });
    expect(rendered.map((state) => state.status)).toEqual(['ready']);
    await flush();
    hostInit({ ...week, name: 'Next week' }, 3);
    expect(page.state()).toMatchObject({ status: 'ready', config: { name: 'Next week' }, params: { streak: 3 } });
    await flush();
    expect(types()).toEqual(['loaded', 'ready', 'ready']);
  });

  it('shows and sends the error of a config that is not one, with its code and message', () => {
    const { rendered, sent } = start({ config: { ok: false, code: 'config_invalid' } });
    expect(rendered).toEqual([
      { status: 'error', code: 'config_invalid', message: 'Its config is not a daily reward configuration.' },
    ]);
    expect(sent).toEqual([
      { source: 'CB_EMBED', type: 'loaded' },
      {
        source: 'CB_EMBED',
        type: 'error',
        payload: { code: 'config_invalid', message: 'Its config is not a daily reward configuration.' },
      },
    ]);
  });

  it('keeps a CB_INIT that came while config.json was loading, whatever config.json turns out to be', async () => {
    let answer: (outcome: ConfigOutcome) => void = () => undefined;
    const { hostInit, page } = start({ load: new Promise((resolve) => (answer = resolve)) });
    hostInit(week, 5);
    answer({ ok: false, code: 'config_not_found' });
    await flush();
    expect(page.state()).toMatchObject({ status: 'ready', params: { streak: 5 } });
  });

  it("claims today's day and pack once per config shown, showing it pending until the host answers, and closes", async () => {
    const { actions, sent, hostInit, rendered } = start({ config: { ok: true, config: week } });
    expect(rendered.at(-1)).toMatchObject({ status: 'ready' });
    expect(rendered.at(-1)).not.toHaveProperty('claiming', true);
    actions().claim();
    // Drawn pending at once, before the host hears of it; a second tap changes nothing.
    expect(rendered.at(-1)).toMatchObject({ status: 'ready', claiming: true });
    const drawn = rendered.length;
    actions().claim();
    expect(rendered).toHaveLength(drawn);
    const claims = () => sent.filter((message) => message.type === 'claim');
    expect(claims()).toEqual([
      {
        source: 'CB_EMBED',
        type: 'claim',
        payload: { configId: 'week', day: 3, packId: 'gold', pack: week.packs[0] },
      },
    ]);
    hostInit(week, 3);
    expect(rendered.at(-1)).not.toHaveProperty('claiming', true);
    actions().claim();
    expect(claims()).toHaveLength(2);
    expect(claims()[1]).toMatchObject({ payload: { day: 4, packId: null } });
    actions().close();
    expect(sent.at(-1)).toEqual({ source: 'CB_EMBED', type: 'close', payload: { configId: 'week' } });
  });

  it('sends no ready for a popup replaced before its images loaded', async () => {
    const host = fakeBridge();
    let images: () => void = () => undefined;
    startPublishedPage({
      config: { ok: true, config: week },
      params: { streak: 0 },
      bridge: host.bridge,
      loadConfig: vi.fn(),
      render: () => undefined,
      imagesLoaded: vi
        .fn()
        .mockReturnValueOnce(new Promise((resolve) => (images = () => resolve({ images: 1, failed: 1 }))))
        .mockResolvedValue({ images: 0, failed: 0 }),
    });
    host.hostInit(week, 1);
    images();
    await flush();
    expect(host.types()).toEqual(['loaded', 'ready']);
    expect(host.sent[1]).toMatchObject({ payload: { images: 0 } });
  });

  it('still says ready for a popup whose claim was tapped before its images loaded', async () => {
    const host = fakeBridge();
    let images: () => void = () => undefined;
    let actions: PublishedActions | undefined;
    startPublishedPage({
      config: { ok: true, config: week },
      params: { streak: 0 },
      bridge: host.bridge,
      loadConfig: vi.fn(),
      render: (_state, given) => (actions = given),
      imagesLoaded: () => new Promise((resolve) => (images = () => resolve({ images: 1, failed: 0 }))),
    });
    actions!.claim();
    images();
    await flush();
    expect(host.types()).toEqual(['loaded', 'claim', 'ready']);
  });
});

/** A page opened from popupUrl, whose runtime claims answer when the test says, each with the key it was given. */
function startFromPopupUrl(
  options: { session?: Partial<PopupSession>; now?: () => number; config?: ConfigOutcome } = {},
) {
  const host = fakeBridge();
  const events = { shown: vi.fn(), closed: vi.fn() };
  const remember = vi.fn();
  const rendered: PublishedState[] = [];
  let actions: PublishedActions | undefined;
  const claims: { key: string; answer: (outcome: ClaimOutcome) => void }[] = [];
  let keys = 0;
  const page = startPublishedPage({
    config: options.config ?? { ok: true, config: week },
    // The address's own params lose to the session's.
    params: { streak: 0 },
    bridge: host.bridge,
    loadConfig: vi.fn(),
    render: (state, given) => {
      rendered.push(state);
      actions = given;
    },
    imagesLoaded: () => Promise.resolve({ images: 0, failed: 0 }),
    runtime: {
      session: { ...SESSION, ...options.session },
      claim: (key) => new Promise((answer) => claims.push({ key, answer })),
      newKey: () => `key-${++keys}`,
      now: options.now ?? (() => NOW),
      events,
      remember,
    },
  });
  onTestFinished(() => page.stop());
  const shown = () => rendered.at(-1) as Extract<PublishedState, { status: 'ready' }>;
  return { ...host, page, rendered, shown, claims, events, remember, actions: () => actions! };
}

const NOW = Date.parse('2030-01-01T19:00:00.000Z');
const refused = (status: number, code: string, fields: { nextClaimAt?: string; transient?: boolean } = {}) =>
  ({ ok: false, status, code, message: `${code} from the runtime`, transient: false, ...fields }) as const;

describe('startPublishedPage opened from popupUrl (decision 036)', () => {
  it("shows the session's day and streak, and today claimed with when the next reward comes when it says so", () => {
    expect(startFromPopupUrl().shown()).toMatchObject({ params: { streak: 2, todayIndex: 3 } });
    expect(startFromPopupUrl().shown()).not.toHaveProperty('claimed');
    const claimed = startFromPopupUrl({
      session: { claimable: false, day: 3, streak: 3, nextClaimAt: '2030-01-02T00:00:00.000Z' },
    });
    expect(claimed.shown()).toMatchObject({
      params: { streak: 3, todayIndex: 3 },
      claimed: { nextClaimAt: '2030-01-02T00:00:00.000Z', label: 'Next reward in 5\u00a0h' },
    });
    claimed.actions().claim();
    expect(claimed.claims).toHaveLength(0);
    expect(claimed.types()).not.toContain('claim');
  });

  it("claims through the runtime, shows today claimed, and tells the game claim with the runtime's answer", async () => {
    const { actions, claims, shown, sent, types } = startFromPopupUrl();
    actions().claim();
    expect(shown()).toMatchObject({ claiming: true });
    expect(claims.map((claim) => claim.key)).toEqual(['key-1']);
    // Nothing is said to the game before the runtime answers.
    expect(types()).toEqual(['loaded']);
    claims[0]!.answer({ ok: true, result: RESULT });
    await flush();
    expect(shown()).toMatchObject({
      params: { streak: 3, todayIndex: 3 },
      claimed: { nextClaimAt: RESULT.dailyReward.nextClaimAt, label: 'Next reward in 5\u00a0h' },
    });
    expect(shown()).not.toHaveProperty('claiming');
    expect(sent.filter((message) => message.type === 'claim')).toEqual([
      {
        source: 'CB_EMBED',
        type: 'claim',
        payload: { configId: 'week', day: 3, packId: 'gold', pack: week.packs[0], result: RESULT },
      },
    ]);
    // Claimed: another tap asks for nothing.
    actions().claim();
    expect(claims).toHaveLength(1);
  });

  it('keeps today claimed for a reload once the runtime says so (granted, or already claimed), and nothing else', async () => {
    const granted = startFromPopupUrl();
    granted.actions().claim();
    expect(granted.remember).not.toHaveBeenCalled();
    granted.claims[0]!.answer({ ok: true, result: RESULT });
    await flush();
    expect(granted.remember.mock.calls).toEqual([[{ day: 3, streak: 3, nextClaimAt: RESULT.dailyReward.nextClaimAt }]]);

    const before = startFromPopupUrl();
    before.actions().claim();
    before.claims[0]!.answer(refused(409, 'already_claimed', { nextClaimAt: '2030-01-02T00:00:00.000Z' }));
    await flush();
    expect(before.remember.mock.calls).toEqual([[{ day: 3, streak: 2, nextClaimAt: '2030-01-02T00:00:00.000Z' }]]);

    const failed = startFromPopupUrl();
    failed.actions().claim();
    failed.claims[0]!.answer(refused(0, 'network_error', { transient: true }));
    await flush();
    expect(failed.remember).not.toHaveBeenCalled();
  });

  it('never sends a second request while one is under way, however often it is tapped or a CB_INIT comes', async () => {
    const { actions, claims, hostInit, shown } = startFromPopupUrl();
    actions().claim();
    actions().claim();
    hostInit(week, 2);
    expect(shown()).toMatchObject({ claiming: true });
    actions().claim();
    expect(claims).toHaveLength(1);
    claims[0]!.answer({ ok: true, result: RESULT });
    await flush();
    expect(shown()).toMatchObject({ claimed: { nextClaimAt: RESULT.dailyReward.nextClaimAt } });
  });

  it('shows already_claimed as today claimed, and tells the game claim_failed with when the next claim comes', async () => {
    const { actions, claims, shown, sent, types } = startFromPopupUrl();
    actions().claim();
    claims[0]!.answer(refused(409, 'already_claimed', { nextClaimAt: '2030-01-02T00:00:00.000Z' }));
    await flush();
    expect(shown()).toMatchObject({
      params: { streak: 2, todayIndex: 3 },
      claimed: { nextClaimAt: '2030-01-02T00:00:00.000Z', label: 'Next reward in 5\u00a0h' },
    });
    expect(types()).not.toContain('claim');
    expect(sent.at(-1)).toEqual({
      source: 'CB_EMBED',
      type: 'claim_failed',
      payload: {
        configId: 'week',
        day: 3,
        code: 'already_claimed',
        message: 'already_claimed from the runtime',
        status: 409,
        nextClaimAt: '2030-01-02T00:00:00.000Z',
      },
    });
  });

  it('shows why a refused claim granted nothing and arms the button again, with a new key for the next claim', async () => {
    const { actions, claims, shown, sent } = startFromPopupUrl();
    actions().claim();
    claims[0]!.answer(refused(401, 'invalid_token'));
    await flush();
    expect(shown()).toMatchObject({ claimError: 'This popup has expired. Close it and open it again.' });
    expect(shown()).not.toHaveProperty('claiming');
    expect(shown()).not.toHaveProperty('claimed');
    expect(sent.at(-1)).toMatchObject({ type: 'claim_failed', payload: { code: 'invalid_token', status: 401 } });
    actions().claim();
    expect(shown()).not.toHaveProperty('claimError');
    expect(claims.map((claim) => claim.key)).toEqual(['key-1', 'key-2']);
  });

  it('claims again with the same key after a claim that had no final answer, so a grant that happened is heard', async () => {
    const { actions, claims, shown, sent } = startFromPopupUrl();
    actions().claim();
    claims[0]!.answer(refused(0, 'network_error', { transient: true }));
    await flush();
    expect(shown()).toMatchObject({
      claimError: 'Could not reach the server. Try again.',
    });
    expect(sent.at(-1)).toMatchObject({ type: 'claim_failed', payload: { code: 'network_error', status: 0 } });
    actions().claim();
    claims[1]!.answer(refused(503, 'unavailable', { transient: true }));
    await flush();
    expect(shown()).toMatchObject({ claimError: 'Your reward could not be claimed. Try again.' });
    actions().claim();
    claims[2]!.answer({ ok: true, result: RESULT });
    await flush();
    expect(claims.map((claim) => claim.key)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(shown()).toMatchObject({ claimed: { nextClaimAt: RESULT.dailyReward.nextClaimAt } });
    actions().claim();
    expect(claims).toHaveLength(3);
  });

  it('leaves a CB_INIT of another config to its host, as without a session', () => {
    const { actions, claims, hostInit, sent } = startFromPopupUrl();
    hostInit({ ...week, id: 'other' }, 4);
    actions().claim();
    expect(claims).toHaveLength(0);
    expect(sent.at(-1)).toMatchObject({ type: 'claim', payload: { configId: 'other', day: 5 } });
    expect(sent.at(-1)).not.toHaveProperty('payload.result');
  });

  it("reports the session's popup shown once drawn, and closed when the player closes it, before telling the game", () => {
    const { actions, events, types } = startFromPopupUrl();
    expect(events.shown).toHaveBeenCalledTimes(1);
    expect(events.closed).not.toHaveBeenCalled();
    events.closed.mockImplementation(() => expect(types()).not.toContain('close'));
    actions().close();
    expect(events.closed).toHaveBeenCalledTimes(1);
    expect(types()).toContain('close');
  });

  it("reports nothing of another config's popup (a CB_INIT's) nor of an error page", () => {
    const other = startFromPopupUrl({ config: { ok: true, config: { ...week, id: 'other' } } });
    other.actions().close();
    expect(other.events.shown).not.toHaveBeenCalled();
    expect(other.events.closed).not.toHaveBeenCalled();
    const broken = startFromPopupUrl({ config: { ok: false, code: 'config_not_found', status: 404 } });
    broken.actions().close();
    expect(broken.types()).toEqual(['loaded', 'error', 'close']);
    expect(broken.events.shown).not.toHaveBeenCalled();
    expect(broken.events.closed).not.toHaveBeenCalled();
  });
});
