import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeEmbedConfig,
  EMBED_CONFIG_MAX_ENCODED_CHARS,
  EMBED_LOADED_MESSAGE,
  EMBED_MESSAGES,
  type EmbedConfigInput,
  emulatorUrl,
  encodeEmbedConfig,
  isEmbedLoadedMessage,
  packFigure,
  parseEmbedInitMessage,
  readEmbedQuery,
} from './embed';

const config: EmbedConfigInput = {
  id: 'cfg1',
  name: 'Week 🎁 週間ボーナス',
  cycleDays: 7,
  rewards: [{ day: 1, packId: 'p1' }],
  uiLayout: { id: 'r', type: 'Root', props: {} },
  uiTheme: { primaryColor: '#FFE16D', secondaryColor: '#021031' },
  packs: [
    {
      id: 'p1',
      name: 'Starter',
      value: 5,
      contents: [{ itemId: 'gold', quantity: 100 }],
      assetUrl: 'https://cdn.example.com/p1.png',
      iconId: 'gift',
    },
  ],
  assets: [{ assetId: 'chest01', name: 'Chest', url: 'https://cdn.example.com/chest.png' }],
};
/** The same JSON as standard, padded base64. */
const standardBase64 = (value: unknown) => {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes));
};

describe('embed config codec', () => {
  it('keeps the spec’s texts', () => {
    expect(EMBED_MESSAGES.loading).toBe('Loading…');
    expect(EMBED_MESSAGES.noConfig).toBe('No configuration provided.');
  });

  it('round-trips a config with emoji and CJK text through URL-safe base64', () => {
    const encoded = encodeEmbedConfig(config);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeEmbedConfig(encoded)).toEqual(config);
  });

  it('accepts standard base64, padded or not, and a "+" a query string turned into a space', () => {
    const standard = standardBase64(config);
    expect(decodeEmbedConfig(standard)).toEqual(config);
    expect(decodeEmbedConfig(standard.replace(/=+$/, ''))).toEqual(config);
    const withPlus = standardBase64({ name: '>>>?' });
    expect(withPlus).toContain('+');
    expect(decodeEmbedConfig(withPlus.replace(/\+/g, ' '))?.name).toBe('>>>?');
  });

  it('fills defaults and takes the alternative layout and theme fields', () => {
    const decoded = decodeEmbedConfig(
      standardBase64({ name: 'Old', ui: { layout: [1] }, theme: { primaryColor: '#abcdef' } }),
    );
    expect(decoded).toEqual({
      name: 'Old',
      cycleDays: 7,
      rewards: [],
      packs: [],
      assets: [],
      uiLayout: [1],
      uiTheme: { primaryColor: '#ABCDEF' },
    });
  });

  it.each([
    ['not base64', '%%%'],
    ['an empty string', ''],
    ['base64 of text that is not JSON', btoa('hello')],
    ['base64 of invalid UTF-8', btoa('\xff\xfe{}')],
    ['JSON of the wrong shape', standardBase64({ rewards: 'x' })],
    ['JSON that is not an object', standardBase64([1, 2])],
    ['a name that is not text', standardBase64({ name: 5 })],
    [
      'an unsafe pack image',
      standardBase64({ name: 'x', packs: [{ id: 'p', name: 'p', value: 1, assetUrl: 'javascript:alert(1)' }] }),
    ],
    ['a length no base64 can have', 'abcde'],
    ['padding in the middle', 'ab=c'],
  ])('decodes %s to null', (_name, text) => {
    expect(decodeEmbedConfig(text)).toBeNull();
  });

  it('decodes an input over 1.5 MB to null without reading it', () => {
    expect(decodeEmbedConfig('A'.repeat(EMBED_CONFIG_MAX_ENCODED_CHARS + 1))).toBeNull();
    expect(decodeEmbedConfig(null)).toBeNull();
  });

  it('never throws on any string or JSON value', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        decodeEmbedConfig(text);
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        decodeEmbedConfig(standardBase64(value));
        decodeEmbedConfig(encodeEmbedConfig({ name: 'x', uiLayout: value }));
      }),
      { numRuns: 100 },
    );
  });

  it('survives JSON nested 100,000 deep', () => {
    const deep = `{"name":"x","uiLayout":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const encoded = btoa(deep);
    expect(() => decodeEmbedConfig(encoded)).not.toThrow();
  });

  it('shows the amount given, else the quantity of its one item, else how many different items it holds', () => {
    const pack = { id: 'p', name: 'p', value: 1, assetUrl: null, iconId: null };
    expect(packFigure({ ...pack, amount: 3 })).toEqual({ amount: 3 });
    expect(packFigure({ ...pack, contents: [{ itemId: 'gem', quantity: 50 }] })).toEqual({ amount: 50 });
    // The same item in two lines is still one item.
    expect(
      packFigure({
        ...pack,
        contents: [
          { itemId: 'gem', quantity: 50 },
          { itemId: 'gem', quantity: 25 },
        ],
      }),
    ).toEqual({ amount: 75 });
    // 1 sword and 50 gems are two items, not ×51.
    expect(
      packFigure({
        ...pack,
        contents: [
          { itemId: 'sword', quantity: 1 },
          { itemId: 'gem', quantity: 50 },
        ],
      }),
    ).toEqual({ items: 2 });
    expect(packFigure(pack)).toBeNull();
    expect(packFigure({ ...pack, contents: [] })).toBeNull();
  });
});

describe('emulator URL', () => {
  it('puts the encoded config, and streak and todayIndex only when they are numbers', () => {
    const url = emulatorUrl('https://app.example.com/', config, { streak: 3, todayIndex: null });
    expect(url).toBe(`https://app.example.com/embed/daily_rewards?config=${encodeEmbedConfig(config)}&streak=3`);
    expect(emulatorUrl('https://a.example.com', config, { streak: Number.NaN, todayIndex: 2 })).toMatch(
      /\?config=[A-Za-z0-9_-]+&todayIndex=2$/,
    );
  });

  it('reads back what it wrote', () => {
    const url = new URL(emulatorUrl('https://app.example.com', config, { streak: 3, todayIndex: 5 }));
    expect(readEmbedQuery(url.searchParams)).toEqual({
      config,
      params: { streak: 3, todayIndex: 5 },
      gameId: null,
      featureId: null,
    });
  });

  it('reads the embed query without a config', () => {
    const query = new URLSearchParams('gameId=g1&featureId=f1&streak=abc&todayIndex=');
    expect(readEmbedQuery(query)).toEqual({ config: null, params: { streak: 0 }, gameId: 'g1', featureId: 'f1' });
  });
});

describe('messages between windows', () => {
  const init = {
    source: 'CB_HOST',
    type: 'CB_INIT',
    payload: { featureType: 'daily_rewards', config, params: { streak: 2, todayIndex: 3 }, v: 1 },
  };

  it('reads a CB_INIT from the host', () => {
    expect(parseEmbedInitMessage(init)).toEqual({ ...init, payload: { ...init.payload, config } });
    expect(parseEmbedInitMessage({ ...init, payload: { ...init.payload, params: {} } })?.payload.params).toEqual({
      streak: 0,
    });
  });

  it.each([
    ['another source', { ...init, source: 'CB_EMBED' }],
    ['another type', { ...init, type: 'CB_PING' }],
    ['another version', { ...init, payload: { ...init.payload, v: 2 } }],
    ['another feature', { ...init, payload: { ...init.payload, featureType: 'offers' } }],
    ['a config of the wrong shape', { ...init, payload: { ...init.payload, config: { name: 1 } } }],
    ['a string', 'CB_INIT'],
    ['null', null],
  ])('ignores %s', (_name, data) => {
    expect(parseEmbedInitMessage(data)).toBeNull();
  });

  it('tells the parent it loaded with source CB_EMBED and type loaded', () => {
    expect(EMBED_LOADED_MESSAGE).toEqual({ source: 'CB_EMBED', type: 'loaded' });
    expect(isEmbedLoadedMessage({ source: 'CB_EMBED', type: 'loaded' })).toBe(true);
    expect(isEmbedLoadedMessage({ source: 'CB_HOST', type: 'loaded' })).toBe(false);
    expect(isEmbedLoadedMessage(undefined)).toBe(false);
  });
});
