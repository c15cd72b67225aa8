import { describe, expect, it } from 'vitest';
import { EXPERIMENT_MESSAGES } from '@liveops/domain/experiments';
import { ExperimentFormSchema, newExperimentVariants, nextVariant, variantShares } from './experiment-draft';

describe('experiment draft', () => {
  it('starts with A against B, half each, which the domain accepts', () => {
    const variants = newExperimentVariants();
    expect(variants.map((variant) => variant.id)).toEqual(['A', 'B']);
    expect(ExperimentFormSchema.safeParse({ variants }).success).toBe(true);
  });

  it('adds the next free letter with the average weight, up to four variants', () => {
    const three = [...newExperimentVariants(), { id: 'C', name: 'C', weight: 20 }];
    expect(nextVariant(three)).toEqual({ id: 'D', name: 'D', weight: 40 });
    expect(nextVariant([...three, { id: 'D', name: 'D', weight: 1 }])).toBeNull();
    // A letter whose name another variant took gets a name of its own.
    expect(
      nextVariant([
        { id: 'A', name: 'A', weight: 0 },
        { id: 'x', name: 'b', weight: 0 },
      ]),
    ).toEqual({ id: 'B', name: 'B 2', weight: 1 });
  });

  it('says each variant’s share of new players, and none while a weight is not valid', () => {
    expect(variantShares([1, 1, 2])).toEqual([25, 25, 50]);
    expect(variantShares([0, 0])).toEqual([null, null]);
    expect(variantShares([1, Number.NaN])).toEqual([null, null]);
  });

  it('refuses weights that sum to 0 with the domain’s sentence', () => {
    const parsed = ExperimentFormSchema.safeParse({
      variants: [
        { id: 'A', name: 'A', weight: 0 },
        { id: 'B', name: 'B', weight: 0 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(EXPERIMENT_MESSAGES.weightsSumToZero);
  });
});
