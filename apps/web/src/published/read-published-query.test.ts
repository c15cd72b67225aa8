import { encodeEmbedConfig } from '@liveops/domain/popup';
import { describe, expect, it } from 'vitest';
import { readPublishedQuery } from './read-published-query';

describe('readPublishedQuery', () => {
  it('reads no config (config.json then), the params as the embed page does, and the default bridge', () => {
    expect(readPublishedQuery('?streak=2')).toEqual({
      config: null,
      params: { streak: 2 },
      bridge: 'cbEmbed',
      scheme: null,
    });
    expect(readPublishedQuery('?streak=2&todayIndex=5').params).toEqual({ streak: 2, todayIndex: 5 });
  });

  it('reads ?config= in the emulator URL codec, and says why one is not a config', () => {
    const good = readPublishedQuery(`?config=${encodeEmbedConfig({ name: 'Week', rewards: [] })}`).config;
    expect(good).toMatchObject({ ok: true, config: { name: 'Week', cycleDays: 7 } });
    expect(readPublishedQuery('?config=not*base64').config).toEqual({ ok: false, code: 'config_not_json' });
    expect(readPublishedQuery('?config=').config).toEqual({ ok: false, code: 'config_not_json' });
    const wrong = encodeEmbedConfig({ name: 7 } as never);
    expect(readPublishedQuery(`?config=${wrong}`).config).toEqual({ ok: false, code: 'config_invalid' });
  });

  it('takes a bridge name that is an identifier and a scheme no browser already means', () => {
    expect(readPublishedQuery('?bridge=gameBridge&scheme=UniWebView')).toMatchObject({
      bridge: 'gameBridge',
      scheme: 'uniwebview',
    });
    expect(readPublishedQuery('?bridge=a.b&scheme=javascript')).toMatchObject({ bridge: 'cbEmbed', scheme: null });
    expect(readPublishedQuery('?scheme=https').scheme).toBeNull();
    expect(readPublishedQuery('?scheme=my%20app').scheme).toBeNull();
  });
});
