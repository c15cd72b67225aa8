import { describe, expect, it, vi } from 'vitest';
import type { ClaimTransport } from './claim-with-session';
import { POPUP_EVENT_RETRY_DELAY_MS, reportPopupEvents, whenPaintedAndVisible } from './report-popup-events';
import { SESSION } from './test-session';

/** A window whose frames, timers and visibility change only when the test says. */
function fakeWindow(visibilityState: 'visible' | 'hidden') {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const listeners = new Set<() => void>();
  const document = {
    visibilityState,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const view = {
    document,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void) => timers.push(run),
  } as unknown as Window;
  const paint = () => {
    for (const frame of frames.splice(0)) frame();
    for (const timer of timers.splice(0)) timer();
  };
  const become = (state: 'visible' | 'hidden') => {
    document.visibilityState = state;
    for (const listener of [...listeners]) listener();
  };
  return { view, paint, become, listeners };
}

type Answer = Response | Error;
const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(status === 200 ? { accepted: 1, duplicates: 0 } : { code: 'x', message: 'x' }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** A transport whose fetch gives the answers in order and records each request; sleeping records its wait. */
function transport(...answers: Answer[]) {
  const requests: { url: string; init: RequestInit }[] = [];
  const waits: number[] = [];
  const given: ClaimTransport = {
    fetch: (url, init) => {
      requests.push({ url, init });
      const next = answers.shift();
      if (!next) return Promise.reject(new Error(`unexpected request ${requests.length}`));
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    timeoutMs: 10_000,
  };
  const bodies = () => requests.map(({ init }) => JSON.parse(init.body as string) as unknown);
  return { given, requests, waits, bodies };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const NOW = Date.parse('2030-01-01T19:00:00.000Z');

function reporter(visibility: 'visible' | 'hidden', ...answers: Answer[]) {
  const page = fakeWindow(visibility);
  const runtime = transport(...answers);
  let ids = 0;
  const events = reportPopupEvents({
    session: SESSION,
    transport: runtime.given,
    view: page.view,
    newId: () => `event-${++ids}`,
    now: () => NOW,
  });
  return { ...page, ...runtime, events };
}

describe('whenPaintedAndVisible', () => {
  it('runs the task in the task after the next frame of a visible page', () => {
    const { view, paint } = fakeWindow('visible');
    const task = vi.fn();
    whenPaintedAndVisible(task, view);
    expect(task).not.toHaveBeenCalled();
    paint();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for a hidden page to become visible, then for a frame', () => {
    const { view, paint, become, listeners } = fakeWindow('hidden');
    const task = vi.fn();
    whenPaintedAndVisible(task, view);
    paint();
    expect(task).not.toHaveBeenCalled();
    become('visible');
    expect(task).not.toHaveBeenCalled();
    paint();
    expect(task).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it('waits again when the page was hidden by the time the frame was drawn', () => {
    const { view, paint, become } = fakeWindow('visible');
    const task = vi.fn();
    whenPaintedAndVisible(task, view);
    become('hidden');
    paint();
    expect(task).not.toHaveBeenCalled();
    become('visible');
    paint();
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('reportPopupEvents', () => {
  it("posts shown, once painted, to the session's runtime with its token, its config and the device's time", async () => {
    const { events, paint, requests, bodies } = reporter('visible', answer(200));
    events.shown();
    await settle();
    expect(requests).toHaveLength(0);
    paint();
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('https://dash.example/v1/events');
    expect(requests[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      keepalive: false,
      headers: { Authorization: 'Bearer v1.payload.signature', 'Content-Type': 'application/json' },
    });
    expect(bodies()).toEqual([{ events: [{ id: 'event-1', type: 'shown', configId: 'week', clientTime: NOW }] }]);
  });

  it('reports nothing while the page stays hidden, and shown once it is seen', async () => {
    const { events, paint, become, requests, bodies } = reporter('hidden', answer(200));
    events.shown();
    paint();
    await settle();
    expect(requests).toHaveLength(0);
    become('visible');
    paint();
    await settle();
    expect(bodies()).toEqual([{ events: [expect.objectContaining({ type: 'shown' })] }]);
  });

  it('reports shown and closed once each, however often the page asks', async () => {
    const { events, paint, bodies } = reporter('visible', answer(200), answer(200));
    events.shown();
    events.shown();
    paint();
    events.shown();
    paint();
    events.closed();
    events.closed();
    await settle();
    expect(bodies()).toEqual([
      { events: [expect.objectContaining({ id: 'event-1', type: 'shown' })] },
      { events: [expect.objectContaining({ id: 'event-2', type: 'closed' })] },
    ]);
  });

  it('sends closed so that it outlives the page, and tries a failure once more without keepalive, the body the same', async () => {
    const { events, requests, waits } = reporter('visible', new TypeError('offline'), new TypeError('offline'));
    events.closed();
    await settle();
    await settle();
    expect(requests).toHaveLength(2);
    expect(requests.map(({ init }) => init.keepalive)).toEqual([true, false]);
    expect(requests[1]!.init.body).toBe(requests[0]!.init.body);
    expect(JSON.parse(requests[0]!.init.body as string)).toEqual({
      events: [{ id: 'event-1', type: 'closed', configId: 'week', clientTime: NOW }],
    });
    expect(waits).toEqual([POPUP_EVENT_RETRY_DELAY_MS]);
  });

  it("waits what a 429's Retry-After asks (at most 8 s) before its one retry", async () => {
    const slow = reporter('visible', answer(429, { 'Retry-After': '3' }), answer(200));
    slow.events.closed();
    await settle();
    await settle();
    expect(slow.waits).toEqual([3000]);
    expect(slow.requests).toHaveLength(2);
    const long = reporter('visible', answer(503, { 'Retry-After': '600' }), answer(503));
    long.events.closed();
    await settle();
    await settle();
    expect(long.waits).toEqual([8000]);
    expect(long.requests).toHaveLength(2);
  });

  it('does not try again a report the runtime refused (a token expired, a bad event)', async () => {
    for (const status of [400, 401, 403, 413]) {
      const { events, requests, waits } = reporter('visible', answer(status));
      events.closed();
      await settle();
      expect(requests).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });
});
