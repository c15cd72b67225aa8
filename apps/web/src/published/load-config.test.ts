import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, readConfigText } from './load-config';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

describe('loadConfig', () => {
  it('reads config.json into a checked config', async () => {
    vi.stubGlobal('fetch', answer(200, '{"name":"Week","rewards":[{"day":1,"packId":" gold "}]}'));
    expect(await loadConfig('config.json')).toEqual({
      ok: true,
      config: { name: 'Week', cycleDays: 7, rewards: [{ day: 1, packId: 'gold' }], packs: [], assets: [] },
    });
  });

  it('says not found for a 404, unreadable with the status for another failure, and for no answer', async () => {
    vi.stubGlobal('fetch', answer(404, 'Not found'));
    expect(await loadConfig('config.json')).toEqual({ ok: false, code: 'config_not_found' });
    vi.stubGlobal('fetch', answer(503, 'busy'));
    expect(await loadConfig('config.json')).toEqual({ ok: false, code: 'config_unreadable', status: 503 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    // jsdom's XMLHttpRequest cannot reach the address either.
    expect(await loadConfig('http://127.0.0.1:9/config.json')).toMatchObject({ ok: false, code: 'config_unreadable' });
  });

  it('tells JSON that is not a config from text that is not JSON', () => {
    expect(readConfigText('<!doctype html>')).toEqual({ ok: false, code: 'config_not_json' });
    expect(readConfigText('{"name": 7}')).toEqual({ ok: false, code: 'config_invalid' });
    expect(readConfigText('null')).toEqual({ ok: false, code: 'config_invalid' });
  });
});
