import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDailyRewardsLayout } from './default-layout';
import { LAYOUT_MESSAGES } from './layout';
import { LayoutNodeSchema } from './layout-schema';
import {
  jsonPrefix,
  LAYOUT_FALLBACK_TEXT_MAX,
  normaliseDailyRewardsLayout,
  normaliseLayout,
  NORMALISE_MESSAGES,
  storedDailyRewardsLayout,
} from './normalise-layout';

const text = (id: string, value = 'x') => ({ id, type: 'TextCB', props: { value } });
const fallbackText = (value: unknown) => normaliseLayout(value).layout.children?.[0]?.props.value;

describe('layout normalisation on load', () => {
  it('makes an array the children of a background root', () => {
    const { layout, warnings } = normaliseLayout([text('a'), text('b')]);
    expect(layout.type).toBe('BackgroundCB');
    expect(layout.children?.map((child) => child.id)).toEqual(['a', 'b']);
    expect(warnings).toEqual([]);
  });

  it('uses the single child of an object without a type as the root', () => {
    expect(normaliseLayout({ children: [text('only')] }).layout).toEqual(text('only'));
  });

  it('wraps the children of an object without a type in a background root', () => {
    const { layout } = normaliseLayout({ children: [text('a'), text('b')] });
    expect(layout.type).toBe('BackgroundCB');
    expect(layout.children?.map((child) => child.id)).toEqual(['a', 'b']);
  });

  it('uses an object with a type as it is', () => {
    const layout = defaultDailyRewardsLayout();
    expect(normaliseLayout(layout)).toEqual({ layout, warnings: [] });
  });

  it.each([
    ['a string', 'hello', '"hello"'],
    ['a number', 42, '42'],
    ['null', null, 'null'],
    ['true', true, 'true'],
    ['an object with neither type nor children', { name: 'x' }, '{"name":"x"}'],
    ['an object whose children are not a list', { children: 'x' }, '{"children":"x"}'],
  ])('shows %s as a root with a text node of its JSON', (_name, value, json) => {
    const { layout, warnings } = normaliseLayout(value);
    expect(layout).toMatchObject({ type: 'Root', children: [{ type: 'TextCB', props: { value: json } }] });
    expect(warnings).toEqual([]);
  });

  it('keeps only the first 200 characters of that JSON', () => {
    const value = { text: 'y'.repeat(500) };
    expect(fallbackText(value)).toBe(JSON.stringify(value).slice(0, LAYOUT_FALLBACK_TEXT_MAX));
  });

  it('shows an invalid layout as text with a warning naming why, never the unsafe node', () => {
    const value = { id: 'i', type: 'ImageCB', props: { src: 'javascript:alert(1)' } };
    const { layout, warnings } = normaliseLayout(value);
    expect(layout.type).toBe('Root');
    expect(layout.children?.[0]?.props.value).toBe(JSON.stringify(value));
    expect(warnings).toEqual([NORMALISE_MESSAGES.unusable(LAYOUT_MESSAGES.imageSourceInvalid)]);
  });

  it('handles 100,000 nodes, 100,000 levels and a 5 MB string quickly, as text', () => {
    const started = Date.now();
    const wide = normaliseLayout(Array.from({ length: 100_000 }, (_, i) => text(`t${i}`)));
    expect(wide.warnings).toEqual([NORMALISE_MESSAGES.unusable(LAYOUT_MESSAGES.tooManyNodes)]);
    let deep: unknown = text('leaf');
    for (let i = 0; i < 100_000; i++) deep = { id: `n${i}`, type: 'GridCB', props: {}, children: [deep] };
    expect(normaliseLayout(deep).warnings).toEqual([NORMALISE_MESSAGES.unusable(LAYOUT_MESSAGES.tooDeep)]);
    expect(fallbackText('z'.repeat(5_000_000))).toBe(`"${'z'.repeat(199)}`);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('always gives a layout the schema accepts, whatever the JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(LayoutNodeSchema.safeParse(normaliseLayout(value).layout).success).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('never throws on values JSON cannot hold', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    const trap = {
      get children(): never {
        throw new Error('trap');
      },
    };
    for (const value of [undefined, 10n, Symbol('s'), () => 1, cyclic, trap, new Date(0), Number.NaN]) {
      expect(LayoutNodeSchema.safeParse(normaliseLayout(value).layout).success).toBe(true);
    }
  });
});

describe('the JSON prefix', () => {
  it('matches JSON.stringify on ordinary values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonPrefix(value)).toBe((JSON.stringify(value) ?? '').slice(0, 200).replace(/[\ud800-\udbff]$/, ''));
      }),
      { numRuns: 100 },
    );
  });

  it('writes what JSON.stringify writes for values JSON cannot hold', () => {
    expect(jsonPrefix({ a: undefined, b: () => 1, c: 1 })).toBe('{"c":1}');
    expect(jsonPrefix([undefined, Number.POSITIVE_INFINITY])).toBe('[null,null]');
    expect(jsonPrefix(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"');
  });

  it('never cuts an emoji in half', () => {
    const value = `${'a'.repeat(198)}🎁`;
    expect(jsonPrefix(value)).toBe(`"${'a'.repeat(198)}`);
  });
});

describe('daily rewards layouts', () => {
  it('uses the default layout when there is none or the background root is empty', () => {
    for (const value of [undefined, null, [], { children: [] }, { id: 'r', type: 'BackgroundCB', props: {} }]) {
      expect(normaliseDailyRewardsLayout(value, 7)).toEqual({ layout: defaultDailyRewardsLayout(7), warnings: [] });
    }
    expect(normaliseDailyRewardsLayout(undefined, 4).layout).toEqual(defaultDailyRewardsLayout(4));
  });

  it("generates the default layout for the game's orientation, and keeps a stored layout whatever it is", () => {
    for (const value of [undefined, null, { children: [] }]) {
      expect(normaliseDailyRewardsLayout(value, 7, 'landscape').layout).toEqual(
        defaultDailyRewardsLayout(7, 'landscape'),
      );
    }
    const stored = defaultDailyRewardsLayout(7, 'portrait');
    expect(normaliseDailyRewardsLayout(stored, 7, 'landscape').layout).toEqual(stored);
  });

  it('keeps a layout without a Popup Frame or Rewards Grid unchanged, warning once for each', () => {
    const value = { id: 'r', type: 'Root', props: {}, children: [text('t')] };
    const { layout, warnings } = normaliseDailyRewardsLayout(value);
    expect(layout).toEqual(value);
    expect(warnings).toEqual([
      'The layout has no node labelled "Popup Frame"; it is shown unchanged.',
      'The layout has no node labelled "Rewards Grid"; it is shown unchanged.',
    ]);
  });

  it('keeps a layout that has both without warnings', () => {
    const value = {
      id: 'r',
      type: 'BackgroundCB',
      props: {},
      children: [
        {
          id: 'p',
          type: 'GridCB',
          label: 'Popup Frame',
          props: {},
          children: [{ id: 'g', type: 'GridCB', props: { label: 'Rewards Grid' } }],
        },
      ],
    };
    expect(normaliseDailyRewardsLayout(value)).toEqual({ layout: value, warnings: [] });
  });

  it('reads the layout from uiLayout, else layout, else ui.layout', () => {
    expect(storedDailyRewardsLayout({ uiLayout: [1], layout: [2] })).toEqual([1]);
    expect(storedDailyRewardsLayout({ layout: [2], ui: { layout: [3] } })).toEqual([2]);
    expect(storedDailyRewardsLayout({ ui: { layout: [3] } })).toEqual([3]);
    expect(storedDailyRewardsLayout({ name: 'x' })).toBeUndefined();
    expect(storedDailyRewardsLayout('x')).toBeUndefined();
  });
});
