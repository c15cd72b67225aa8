import { describe, expect, it } from 'vitest';
import { type CheckedPack, PublishInputSchema, publishProblems, releaseChanges } from './publish-check';
import type { LayoutNode } from '../layout/layout';

const pack = (id: string, extra: Partial<CheckedPack> = {}): [string, CheckedPack] => [
  id,
  { id, name: `Pack ${id}`, contents: [{ itemId: 'gold', quantity: 1 }], imageMissing: false, ...extra },
];
const week = (packId: string) => Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId }));
const config = (rewards: { day: number; packId: string }[], uiLayout: LayoutNode | null = null) => ({
  id: 'c1',
  name: 'Launch Week',
  rewards,
  uiLayout,
});

describe('publishProblems (decision 029)', () => {
  const packs = new Map([pack('ok'), pack('empty', { contents: [] }), pack('art', { imageMissing: true })]);

  it('finds nothing wrong with 7 days of a whole pack and a layout whose images exist', () => {
    const layout: LayoutNode = {
      id: 'r',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 'i', type: 'ImageCB', props: { src: 'asset:coin' } }],
    };
    expect(publishProblems(config(week('ok'), layout), packs, new Set(['coin']))).toEqual([]);
  });

  it('names the config, the days and what is wrong with each', () => {
    const rewards = [
      { day: 1, packId: 'ok' },
      { day: 2, packId: 'gone' },
      { day: 4, packId: 'empty' },
      { day: 5, packId: 'gone' },
      { day: 6, packId: 'art' },
    ];
    const layout: LayoutNode = {
      id: 'r',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 'i', type: 'ImageCB', props: { src: 'asset:lost', fillImage: 'asset:coin' } }],
    };
    const found = publishProblems(config(rewards, layout), packs, new Set(['coin']));
    expect(found.map((p) => [p.code, p.days])).toEqual([
      ['DAYS_WITHOUT_PACK', [3, 7]],
      ['PACK_MISSING', [2, 5]],
      ['PACK_EMPTY', [4]],
      ['PACK_IMAGE_MISSING', [6]],
      ['ASSET_MISSING', []],
    ]);
    expect(found.every((p) => p.configId === 'c1' && p.message.startsWith('"Launch Week": '))).toBe(true);
    expect(found[0]!.message).toContain('days 3, 7 have no pack');
    expect(found[4]!.message).toContain('asset:lost');
  });

  it('refuses a layout the schema refuses, and a config the page would refuse', () => {
    const unsafe = { id: 'r', type: 'ImageCB', props: { src: 'javascript:alert(1)' } } as unknown as LayoutNode;
    expect(publishProblems(config(week('ok'), unsafe), packs, new Set()).map((p) => p.code)).toEqual([
      'LAYOUT_REFUSED',
    ]);
    const published = { name: 'x'.repeat(10_000), rewards: week('ok'), packs: [], assets: [] };
    expect(publishProblems(config(week('ok')), packs, new Set(), published).map((p) => p.code)).toEqual([
      'CONFIG_REFUSED',
    ]);
  });
});

describe('releaseChanges', () => {
  it('says new, changed, unchanged and removed by content hash, a hashless live config counting as changed', () => {
    const live = [
      { id: 'a', name: 'A', contentHash: '1' },
      { id: 'b', name: 'B', contentHash: '2' },
      { id: 'c', name: 'C', contentHash: '3' },
      { id: 'd', name: 'D' },
    ];
    const next = [
      { id: 'a', name: 'A', contentHash: '1' },
      { id: 'b', name: 'B', contentHash: '9' },
      { id: 'd', name: 'D', contentHash: '4' },
      { id: 'e', name: 'E', contentHash: '5' },
    ];
    expect(releaseChanges(live, next).map((c) => [c.id, c.change])).toEqual([
      ['a', 'unchanged'],
      ['b', 'changed'],
      ['d', 'changed'],
      ['e', 'new'],
      ['c', 'removed'],
    ]);
  });
});

describe('PublishInputSchema', () => {
  it('takes a note of at most 280 visible characters, trimmed, and nothing else', () => {
    expect(PublishInputSchema.parse({ note: '  Spring art ' })).toEqual({ note: 'Spring art' });
    expect(PublishInputSchema.parse({ note: ' \u200b ' })).toEqual({ note: null });
    expect(PublishInputSchema.safeParse({ note: 'x'.repeat(281) }).success).toBe(false);
    expect(PublishInputSchema.safeParse({ note: 'a\u0000' }).success).toBe(false);
    expect(PublishInputSchema.safeParse({ leaveOut: [''] }).success).toBe(false);
    expect(PublishInputSchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
