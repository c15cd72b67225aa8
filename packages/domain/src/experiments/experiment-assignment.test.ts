import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignVariant,
  EXPERIMENT_MESSAGES,
  experimentBucket,
  experimentPoint,
  type ExperimentVariant,
  ExperimentVariantsSchema,
  murmur3,
} from './experiment-assignment';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const variants = (...weights: number[]): ExperimentVariant[] =>
  weights.map((weight, index) => ({ id: `v${index}`, name: `Variant ${index}`, weight }));

describe('the hash is MurmurHash3 x86_32 exactly', () => {
  // The reference implementation's published test vectors (SMHasher's MurmurHash3_x86_32, as collected in
  // "MurmurHash3 test vectors", Ian Boyd, Stack Overflow question 14747343): every tail length and seeds.
  it.each([
    [bytes(), 0, 0],
    [bytes(), 1, 0x514e28b7],
    [bytes(), 0xffffffff, 0x81f16f39],
    [bytes(0xff, 0xff, 0xff, 0xff), 0, 0x76293b50],
    [bytes(0x21, 0x43, 0x65, 0x87), 0, 0xf55b516b],
    [bytes(0x21, 0x43, 0x65, 0x87), 0x5082edee, 0x2362f9de],
    [bytes(0x21, 0x43, 0x65), 0, 0x7e4a8634],
    [bytes(0x21, 0x43), 0, 0xa0f7b07a],
    [bytes(0x21), 0, 0x72661cf4],
    [bytes(0, 0, 0, 0), 0, 0x2362f9de],
    [bytes(0, 0, 0), 0, 0x85f0b427],
    [bytes(0, 0), 0, 0x30f4c306],
    [bytes(0), 0, 0x514e28b7],
    [text('aaaa'), 0x9747b28c, 0x5a97808a],
    [text('aaa'), 0x9747b28c, 0x283e0130],
    [text('aa'), 0x9747b28c, 0x5d211726],
    [text('a'), 0x9747b28c, 0x7fa09ea6],
    [text('abcd'), 0x9747b28c, 0xf0478627],
    [text('Hello, world!'), 0x9747b28c, 0x24884cba],
    [text('ππππππππ'), 0x9747b28c, 0xd58063c1],
    [text('a'.repeat(256)), 0x9747b28c, 0x37405bdc],
    [text('The quick brown fox jumps over the lazy dog'), 0x9747b28c, 0x2fa826cd],
  ])('hashes %o with seed %d to %d', (input, seed, expected) => {
    expect(murmur3(input, seed)).toBe(expected);
  });
});

describe('assigning a player to a variant', () => {
  const abc = variants(50, 30, 20);

  it('gives the same player the same variant on every call', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (experimentId, playerId) => {
        const first = assignVariant(experimentId, playerId, abc);
        expect(assignVariant(experimentId, playerId, abc)).toBe(first);
        expect(assignVariant(experimentId, playerId, structuredClone(abc)).id).toBe(first.id);
        expect(experimentBucket(experimentId, playerId)).toBe(experimentBucket(experimentId, playerId));
      }),
      { numRuns: 100 },
    );
  });

  it('pins some assignments, so a change of the hash or of the key cannot go unnoticed', () => {
    const abc = [
      { id: 'a', weight: 1 },
      { id: 'b', weight: 1 },
      { id: 'c', weight: 2 },
    ];
    const players = ['player-1', 'player-2', 'player-3', 'player-4', 'player-5', 'player-6'];
    expect(players.map((player) => experimentPoint('exp-1', player))).toEqual([
      2744120665, 988996566, 3291043235, 94239205, 2911425374, 2741593266,
    ]);
    expect(players.map((player) => assignVariant('exp-1', player, abc).id)).toEqual(['c', 'a', 'c', 'a', 'c', 'c']);
    expect(experimentBucket('exp-1', 'player-2')).toBe(988996566 / 2 ** 32);
  });

  it('keeps every bucket in [0, 1)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (experimentId, playerId) => {
        const bucket = experimentBucket(experimentId, playerId);
        expect(bucket).toBeGreaterThanOrEqual(0);
        expect(bucket).toBeLessThan(1);
      }),
      { numRuns: 100 },
    );
  });

  it('respects the weights within 1 % over 100,000 player ids', () => {
    const weighted = variants(500, 300, 150, 50);
    const counts = new Map<string, number>();
    const players = 100_000;
    for (let i = 0; i < players; i++) {
      const { id } = assignVariant('2f1c9a7e-5b1d-4c55-9a3e-0d6f1b2a7c41', `player-${i}`, weighted);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const variant of weighted) {
      const share = (counts.get(variant.id) ?? 0) / players;
      expect(Math.abs(share - variant.weight / 1000)).toBeLessThan(0.01);
    }
  });

  it('respects unequal weights for random-looking ids too (uuids of another experiment)', () => {
    const weighted = variants(1, 3);
    let second = 0;
    const players = 100_000;
    for (let i = 0; i < players; i++) {
      const playerId = `${(i * 2654435761) % 4294967296}-${i.toString(36)}`;
      if (assignVariant('experiment-b', playerId, weighted).id === 'v1') second++;
    }
    expect(Math.abs(second / players - 0.75)).toBeLessThan(0.01);
  });

  it('never assigns a variant of weight 0', () => {
    const withZero = variants(0, 5, 0, 5);
    // One expectation over the set of variants given, not 20,000: the same check, at a fraction of the time.
    const given = new Set<string>();
    for (let i = 0; i < 20_000; i++) given.add(assignVariant('exp-zero', `p${i}`, withZero).id);
    expect([...given].sort()).toEqual(['v1', 'v3']);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 2, maxLength: 4 }).filter((w) => w.some((x) => x > 0)),
        fc.string(),
        fc.string(),
        (weights, experimentId, playerId) => {
          expect(assignVariant(experimentId, playerId, variants(...weights)).weight).toBeGreaterThan(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('gives everyone the only variant with a weight', () => {
    for (let i = 0; i < 1000; i++) expect(assignVariant('exp', `p${i}`, variants(0, 0, 7)).id).toBe('v2');
  });

  it('reshuffles players independently when the experiment id changes', () => {
    const ab = variants(1, 1);
    const players = 20_000;
    const table = { same: 0, different: 0 };
    let firstA = 0;
    for (let i = 0; i < players; i++) {
      const first = assignVariant('experiment-1', `player-${i}`, ab).id;
      const second = assignVariant('experiment-2', `player-${i}`, ab).id;
      if (first === 'v0') firstA++;
      if (first === second) table.same++;
      else table.different++;
    }
    // Independent halves agree about half the time (±1.5 % is over 4 standard deviations at 20,000 players).
    expect(Math.abs(table.same / players - 0.5)).toBeLessThan(0.015);
    expect(Math.abs(firstA / players - 0.5)).toBeLessThan(0.015);
  });

  it('keeps experiment and player apart in the key', () => {
    expect(experimentBucket('ab', 'c')).not.toBe(experimentBucket('a', 'bc'));
    expect(experimentBucket('', 'x')).not.toBe(experimentBucket('x', ''));
  });

  it('throws on weights that sum to 0, which validation refuses before', () => {
    expect(() => assignVariant('exp', 'p', variants(0, 0))).toThrow(EXPERIMENT_MESSAGES.weightsSumToZero);
  });
});

describe('validating an experiment’s variants', () => {
  it('takes two to four variants with ids, names and weights from 0 to 1000', () => {
    expect(ExperimentVariantsSchema.parse(variants(1000, 0))).toEqual(variants(1000, 0));
    expect(ExperimentVariantsSchema.parse(variants(1, 2, 3, 4))).toHaveLength(4);
    expect(
      ExperimentVariantsSchema.parse([
        { id: 'control', name: '  Classic ', weight: 1 },
        { id: 'big_chest-2', name: 'Big chest', weight: 1 },
      ])[0]?.name,
    ).toBe('Classic');
  });

  it('refuses weights that sum to 0', () => {
    expect(firstMessage(ExperimentVariantsSchema.safeParse(variants(0, 0, 0)))).toBe(
      EXPERIMENT_MESSAGES.weightsSumToZero,
    );
  });

  it('refuses too few and too many variants', () => {
    expect(firstMessage(ExperimentVariantsSchema.safeParse(variants(1)))).toBe(EXPERIMENT_MESSAGES.tooFewVariants);
    expect(firstMessage(ExperimentVariantsSchema.safeParse([]))).toBe(EXPERIMENT_MESSAGES.tooFewVariants);
    expect(firstMessage(ExperimentVariantsSchema.safeParse(variants(1, 1, 1, 1, 1)))).toBe(
      EXPERIMENT_MESSAGES.tooManyVariants,
    );
    expect(firstMessage(ExperimentVariantsSchema.safeParse(null))).toBe(EXPERIMENT_MESSAGES.variantsInvalid);
  });

  it('refuses two variants with the same id, or the same name in any case', () => {
    expect(
      firstMessage(
        ExperimentVariantsSchema.safeParse([
          { id: 'a', name: 'One', weight: 1 },
          { id: 'a', name: 'Two', weight: 1 },
        ]),
      ),
    ).toBe(EXPERIMENT_MESSAGES.duplicateVariantId('a'));
    expect(
      firstMessage(
        ExperimentVariantsSchema.safeParse([
          { id: 'a', name: 'Big chest', weight: 1 },
          { id: 'b', name: 'big CHEST', weight: 1 },
        ]),
      ),
    ).toBe(EXPERIMENT_MESSAGES.duplicateVariantName('big CHEST'));
  });

  it.each([
    [-1, EXPERIMENT_MESSAGES.weightInvalid],
    [1001, EXPERIMENT_MESSAGES.weightInvalid],
    [2.5, EXPERIMENT_MESSAGES.weightInvalid],
    ['5', EXPERIMENT_MESSAGES.weightInvalid],
    [Number.NaN, EXPERIMENT_MESSAGES.weightInvalid],
  ])('refuses the weight %o', (weight, message) => {
    const input = [{ id: 'a', name: 'A', weight }, ...variants(1).map((v) => ({ ...v, id: 'b', name: 'B' }))];
    expect(firstMessage(ExperimentVariantsSchema.safeParse(input))).toBe(message);
  });

  it.each([
    [{ id: '', name: 'A', weight: 1 }, EXPERIMENT_MESSAGES.variantIdInvalid],
    [{ id: 'a b', name: 'A', weight: 1 }, EXPERIMENT_MESSAGES.variantIdInvalid],
    [{ id: 'x'.repeat(65), name: 'A', weight: 1 }, EXPERIMENT_MESSAGES.variantIdInvalid],
    [{ id: 'a', name: '   ', weight: 1 }, EXPERIMENT_MESSAGES.variantNameInvalid],
    [{ id: 'a', name: 'A\u0007', weight: 1 }, EXPERIMENT_MESSAGES.variantNameInvalid],
    [{ id: 'a', name: 'A\u202e', weight: 1 }, EXPERIMENT_MESSAGES.variantNameInvalid],
    [{ id: 'a', name: 'n'.repeat(41), weight: 1 }, EXPERIMENT_MESSAGES.variantNameInvalid],
  ])('refuses the variant %o', (variant, message) => {
    const input = [variant, { id: 'other', name: 'Other', weight: 1 }];
    expect(firstMessage(ExperimentVariantsSchema.safeParse(input))).toBe(message);
  });

  it('refuses fields it does not know', () => {
    const input = [{ id: 'a', name: 'A', weight: 1, layout: {} }, ...variants(1)];
    expect(ExperimentVariantsSchema.safeParse(input).success).toBe(false);
  });
});
