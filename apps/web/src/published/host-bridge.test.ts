import { EMBED_LOADED_MESSAGE, type PublishedPageMessage } from '@liveops/domain/published';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INIT_MAX, installEarlyInit } from './early-init';
import { createHostBridge, takeEarlyInit } from './host-bridge';

type Stubbed = Window & Record<string, unknown>;
const win = window as unknown as Stubbed;
const STUBS = ['vuplex', 'ReactNativeWebView', 'webkit', 'cbEmbed', 'gameBridge', 'cbInit'];
afterEach(() => {
  for (const name of STUBS) delete win[name];
});

const init = {
  source: 'CB_HOST',
  type: 'CB_INIT',
  payload: { featureType: 'daily_rewards', config: { name: 'Week', rewards: [] }, params: { streak: 2 }, v: 1 },
};
const close: PublishedPageMessage = { source: 'CB_EMBED', type: 'close', payload: { configId: 'c1' } };
const options = { bridge: 'cbEmbed', scheme: null };

describe('createHostBridge', () => {
  it('finds no host in a plain tab, then each native host by its object, a scheme when asked first of all', () => {
    const bridge = createHostBridge(window, options);
    expect(bridge.host()).toBe('none');
    win.cbEmbed = { postMessage: vi.fn() };
    expect(bridge.host()).toBe('android');
    win.webkit = { messageHandlers: { cbEmbed: { postMessage: vi.fn() } } };
    expect(bridge.host()).toBe('webkit');
    win.ReactNativeWebView = { postMessage: vi.fn() };
    expect(bridge.host()).toBe('react-native');
    win.vuplex = { postMessage: vi.fn(), addEventListener: vi.fn() };
    expect(bridge.host()).toBe('vuplex');
    expect(createHostBridge(window, { bridge: 'cbEmbed', scheme: 'uniwebview' }).host()).toBe('scheme');
  });

  it('sends a native host each message as JSON, through the handler or interface the address names', () => {
    const handler = { postMessage: vi.fn() };
    win.webkit = { messageHandlers: { gameBridge: handler, cbEmbed: undefined } };
    createHostBridge(window, { bridge: 'gameBridge', scheme: null }).send(close);
    expect(handler.postMessage).toHaveBeenCalledWith(JSON.stringify(close));
    const android = { postMessage: vi.fn() };
    win.gameBridge = android;
    delete win.webkit;
    createHostBridge(window, { bridge: 'gameBridge', scheme: null }).send(EMBED_LOADED_MESSAGE);
    expect(android.postMessage).toHaveBeenCalledWith('{"source":"CB_EMBED","type":"loaded"}');
  });

  it('keeps what it sends before Vuplex is there, and sends it when Vuplex says it is ready', () => {
    const bridge = createHostBridge(window, options);
    const stop = bridge.listen(() => undefined);
    bridge.send(EMBED_LOADED_MESSAGE);
    const vuplex = { postMessage: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() };
    win.vuplex = vuplex;
    window.dispatchEvent(new Event('vuplexready'));
    expect(vuplex.postMessage).toHaveBeenCalledWith(JSON.stringify(EMBED_LOADED_MESSAGE));
    expect(vuplex.addEventListener).toHaveBeenCalledWith('message', expect.any(Function));
    stop();
  });

  it('takes CB_INIT from the global cbInit as an object or its JSON, and refuses anything else', () => {
    const onInit = vi.fn();
    const stop = createHostBridge(window, options).listen(onInit);
    const cbInit = win.cbInit as (message: unknown) => boolean;
    expect(cbInit(init)).toBe(true);
    expect(cbInit(JSON.stringify(init))).toBe(true);
    expect(cbInit({ ...init, payload: { ...init.payload, v: 2 } })).toBe(false);
    expect(cbInit('{"source":')).toBe(false);
    expect(onInit).toHaveBeenCalledTimes(2);
    expect(onInit.mock.calls[0]?.[0]).toMatchObject({ payload: { params: { streak: 2 }, config: { name: 'Week' } } });
    stop();
    expect(win.cbInit).toBeUndefined();
  });

  it("takes React Native's sourceless messages only inside React Native, on window or document", () => {
    const onInit = vi.fn();
    const stop = createHostBridge(window, options).listen(onInit);
    window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(init) }));
    expect(onInit).not.toHaveBeenCalled();
    win.ReactNativeWebView = { postMessage: vi.fn() };
    window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(init) }));
    document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(init) }));
    expect(onInit).toHaveBeenCalledTimes(2);
    stop();
  });

  it('survives a host object that throws', () => {
    win.cbEmbed = {
      postMessage: () => {
        throw new Error('bridge gone');
      },
    };
    expect(() => createHostBridge(window, options).send(close)).not.toThrow();
  });

  it('gives the page the latest valid CB_INIT the early cbInit kept, which then listens in its place', () => {
    installEarlyInit(window);
    const early = win.cbInit as (message: unknown) => boolean;
    // A game's cbInit at load-finished, before the page's script: kept when it names itself a CB_INIT.
    expect(early(JSON.stringify(init))).toBe(true);
    expect(early({ ...init, payload: { ...init.payload, params: { streak: 5 } } })).toBe(true);
    expect(early({ source: 'CB_HOST', type: 'other' })).toBe(false);
    expect(early('{"source":')).toBe(false);
    // Checked in full only when taken: passed over then.
    expect(early({ ...init, payload: { ...init.payload, v: 2 } })).toBe(true);
    expect(takeEarlyInit(window)).toMatchObject({ payload: { params: { streak: 5 }, config: { name: 'Week' } } });
    expect(takeEarlyInit(window)).toBeNull();
    const onInit = vi.fn();
    const stop = createHostBridge(window, options).listen(onInit);
    expect(win.cbInit).not.toBe(early);
    expect((win.cbInit as (message: unknown) => boolean)(init)).toBe(true);
    expect(onInit).toHaveBeenCalledTimes(1);
    // The page's own cbInit is never replaced by an early one.
    installEarlyInit(window);
    expect(onInit).toHaveBeenCalledTimes(1);
    expect((win.cbInit as (message: unknown) => boolean)(init)).toBe(true);
    expect(onInit).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps the latest EARLY_INIT_MAX messages, and gives nothing where there was no early cbInit', () => {
    expect(takeEarlyInit(window)).toBeNull();
    installEarlyInit(window);
    const early = win.cbInit as (message: unknown) => boolean;
    for (let streak = 0; streak < EARLY_INIT_MAX + 4; streak++) {
      early({ ...init, payload: { ...init.payload, params: { streak } } });
    }
    expect((early as unknown as { pending: unknown[] }).pending).toHaveLength(EARLY_INIT_MAX);
    expect(takeEarlyInit(window)).toMatchObject({ payload: { params: { streak: EARLY_INIT_MAX + 3 } } });
  });
});
