import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { defaultDailyRewardsLayout } from '../layout/default-layout';
import { EmbedAssetSchema, EmbedConfigSchema, EmbedInitMessageSchema, EmbedPackSchema } from './embed';
import {
  checkEmbedConfig,
  checkEmbedInitMessage,
  type EmbedAsset,
  type EmbedConfig,
  type EmbedInitMessage,
  type EmbedPack,
} from './embed-config-check';
import { EMBED_CONFIG_LIMITS } from './embed-protocol';
import { ITEM_ICON_IDS } from '../inventory/item-icons';

/** Mostly the valid values, sometimes an edge of them, sometimes anything at all: where the two could differ. */
const sometimes = <T>(valid: fc.Arbitrary<T>, ...edges: unknown[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, ...edges) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
  );

const numbers = fc.oneof(
  fc.integer({ min: -3, max: 12 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 2 ** 53, 2 ** 53 - 1, 1.5, '3'),
);
const strings = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('', ' ', ' p1 ', 'a\u0000b', 'x'.repeat(max), 'x'.repeat(max + 1), '\ud800'),
  );
const images = fc.constantFrom(
  'https://cdn.example/a.png',
  'http://files.example/b.webp',
  '/testAssets/chest.png',
  'data:image/png;base64,iVBORw0KGgo=',
  'data:text/html;base64,PGI+',
  'javascript:alert(1)',
  '//evil.example/x.png',
  'asset:chest',
  '',
  'https://cdn.example/' + 'x'.repeat(EMBED_CONFIG_LIMITS.imageUrlChars),
);
const colors = fc.constantFrom('#ffe16d', '#021031', '#ABCDEF', '#abc', 'red', '#12345g', 7);
const pack = fc.record(
  {
    id: sometimes(strings(EMBED_CONFIG_LIMITS.refIdChars)),
    name: sometimes(strings(EMBED_CONFIG_LIMITS.nameChars)),
    value: sometimes(numbers),
    amount: sometimes(numbers),
    contents: sometimes(
      fc.array(
        fc.record(
          {
            itemId: sometimes(strings(64)),
            quantity: sometimes(numbers),
            name: sometimes(strings(EMBED_CONFIG_LIMITS.nameChars)),
            iconId: sometimes(fc.constantFrom(...ITEM_ICON_IDS, 'dragon', 'toString')),
          },
          { requiredKeys: ['itemId', 'quantity'] },
        ),
        { maxLength: 3 },
      ),
      [],
      Array.from({ length: EMBED_CONFIG_LIMITS.packContentsMax + 1 }, () => ({ itemId: 'i', quantity: 1 })),
    ),
    assetUrl: sometimes(images),
    iconId: sometimes(fc.constantFrom(...ITEM_ICON_IDS, 'dragon', 'toString')),
    extra: fc.anything({ maxDepth: 0 }),
  },
  { requiredKeys: [] },
);
const asset = fc.record(
  {
    assetId: sometimes(strings(EMBED_CONFIG_LIMITS.refIdChars)),
    name: sometimes(strings(EMBED_CONFIG_LIMITS.nameChars)),
    url: sometimes(images),
  },
  { requiredKeys: [] },
);
const reward = fc.record(
  { day: sometimes(numbers), packId: sometimes(strings(64), '   ', 'p\u0007') },
  { requiredKeys: [] },
);
const theme = sometimes(
  fc.record({ primaryColor: sometimes(colors), secondaryColor: sometimes(colors) }, { requiredKeys: [] }),
  [],
  'dark',
);
const layouts = fc.constantFrom(
  defaultDailyRewardsLayout(7),
  [{ id: 't', type: 'TextCB', props: { value: 'Hi' } }],
  { children: [] },
  'not a layout',
  null,
);
const config = fc.record(
  {
    id: sometimes(strings(EMBED_CONFIG_LIMITS.recordIdChars)),
    gameId: sometimes(strings(EMBED_CONFIG_LIMITS.recordIdChars)),
    ownerId: sometimes(strings(EMBED_CONFIG_LIMITS.recordIdChars)),
    name: sometimes(strings(EMBED_CONFIG_LIMITS.nameChars)),
    cycleDays: sometimes(numbers),
    rewards: sometimes(fc.array(reward, { maxLength: 8 })),
    packs: sometimes(fc.array(pack, { maxLength: 3 })),
    assets: sometimes(fc.array(asset, { maxLength: 3 })),
    uiLayout: layouts,
    layout: layouts,
    ui: sometimes(fc.record({ layout: layouts })),
    uiTheme: theme,
    theme,
    orientation: sometimes(fc.constantFrom('portrait', 'landscape', 'Landscape', 'sideways', 1)),
  },
  { requiredKeys: [] },
);
/** Configs that pass, so that the outputs are compared often, not only the refusals. */
const validConfig = fc.record({
  id: fc.string({ maxLength: 20 }),
  name: fc.string({ maxLength: 30 }),
  rewards: fc.array(
    fc.record({ day: fc.integer({ min: 1, max: 7 }), packId: fc.constantFrom(' gold ', 'gems', 'chest') }),
    { maxLength: 7 },
  ),
  packs: fc.array(
    fc.record(
      {
        id: fc.constantFrom('gold', 'gems', 'chest'),
        name: fc.string({ maxLength: 10 }),
        value: fc.double({ noNaN: true, noDefaultInfinity: true }),
        amount: fc.integer({ min: 0, max: 1000 }),
        contents: fc.array(
          fc.record(
            {
              itemId: fc.string({ maxLength: 5 }),
              quantity: fc.integer({ min: 1, max: 99 }),
              name: fc.string({ maxLength: 10 }),
              iconId: fc.constantFrom('coin', 'gem', 'dragon'),
            },
            { requiredKeys: ['itemId', 'quantity'] },
          ),
          { maxLength: 3 },
        ),
        assetUrl: fc.constantFrom('https://cdn.example/a.png', null),
        iconId: fc.constantFrom('coin', 'gem', 'dragon', null),
      },
      { requiredKeys: ['id', 'name', 'value'] },
    ),
    { maxLength: 3 },
  ),
  uiTheme: fc.record({ primaryColor: fc.constantFrom('#ffe16d', '#ABCDEF') }, { requiredKeys: [] }),
  uiLayout: layouts,
  orientation: fc.constantFrom('portrait', 'landscape', 'upside-down'),
});

function expectSameVerdict(value: unknown) {
  const zod = EmbedConfigSchema.safeParse(value);
  const checked = checkEmbedConfig(value);
  expect(checked === null, JSON.stringify(zod.error?.issues[0] ?? 'zod accepts')).toBe(!zod.success);
  if (zod.success) expect(checked).toEqual(zod.data);
}

describe('checkEmbedConfig', () => {
  it('gives EmbedConfigSchema’s verdict and output on generated configs, valid and not', () => {
    fc.assert(fc.property(config, expectSameVerdict), { numRuns: 3000 });
    // About 3 s on an idle machine; a busy 2-core CI machine has taken 17 s.
  }, 60_000);

  it('gives the same output as the schema on configs that pass', () => {
    fc.assert(
      fc.property(validConfig, (value) => {
        expect(EmbedConfigSchema.safeParse(value).success).toBe(true);
        expectSameVerdict(value);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same verdict on any JSON value and on what is not JSON', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), expectSameVerdict), { numRuns: 1000 });
    const holey: unknown[] = [];
    holey[1] = { day: 1, packId: 'gold' };
    for (const value of [undefined, null, [], new Date(0), 'config', 7, { name: 'x', rewards: holey }]) {
      expectSameVerdict(value);
    }
  });

  it('trims pack ids, upper-cases theme colours, defaults missing lists and drops unknown fields', () => {
    expect(
      checkEmbedConfig({
        name: 'Week',
        rewards: [{ day: 1, packId: ' gold ' }],
        uiTheme: { primaryColor: '#ffe16d' },
        secret: 'x',
      }),
    ).toEqual({
      name: 'Week',
      cycleDays: 7,
      rewards: [{ day: 1, packId: 'gold' }],
      packs: [],
      assets: [],
      uiTheme: { primaryColor: '#FFE16D' },
    });
  });

  it('refuses rather than throws on a value whose getters throw', () => {
    const hostile = Object.defineProperty({}, 'name', {
      get() {
        throw new Error('boom');
      },
    });
    expect(checkEmbedConfig(hostile)).toBeNull();
  });

  it('declares the same types the schemas output', () => {
    expectTypeOf<z.output<typeof EmbedConfigSchema>>().toEqualTypeOf<EmbedConfig>();
    expectTypeOf<z.output<typeof EmbedPackSchema>>().toEqualTypeOf<EmbedPack>();
    expectTypeOf<z.output<typeof EmbedAssetSchema>>().toEqualTypeOf<EmbedAsset>();
    expectTypeOf<z.output<typeof EmbedInitMessageSchema>>().toEqualTypeOf<EmbedInitMessage>();
  });
});

describe('checkEmbedInitMessage', () => {
  const params = sometimes(
    fc.record({ streak: sometimes(numbers), todayIndex: sometimes(numbers) }, { requiredKeys: [] }),
    'streak',
  );
  const message = fc.record(
    {
      source: sometimes(fc.constant('CB_HOST'), 'CB_EMBED'),
      type: sometimes(fc.constant('CB_INIT'), 'loaded'),
      payload: sometimes(
        fc.record(
          {
            featureType: sometimes(fc.constant('daily_rewards'), 'offers'),
            config: fc.oneof(config, validConfig),
            params,
            v: sometimes(fc.constant(1), 2, '1'),
          },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  );

  it('gives EmbedInitMessageSchema’s verdict and output on generated messages', () => {
    fc.assert(
      fc.property(message, (value) => {
        const zod = EmbedInitMessageSchema.safeParse(value);
        const checked = checkEmbedInitMessage(value);
        expect(checked === null).toBe(!zod.success);
        if (zod.success) expect(checked).toEqual(zod.data);
      }),
      { numRuns: 3000 },
    );
  }, 60_000);
});
