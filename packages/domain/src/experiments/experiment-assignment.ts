import { z } from 'zod';
import { hasBidiControl, hasForbiddenCharacters, hasVisibleCharacter } from '../shared/text';

/**
 * A/B tests of the popup (decision 042): a daily reward config runs an experiment of two to four layout
 * variants, each with an integer weight; every player is assigned a variant once and for good.
 *
 * The assignment is a pure function of (experiment id, player id, variants): MurmurHash3 (x86, 32-bit, seed 0)
 * of the UTF-8 bytes of `<length of the experiment id>:<experiment id><player id>` gives a point h in
 * [0, 2^32); the variant is the first whose cumulative weight exceeds floor(h * total / 2^32). The length prefix
 * makes the key unambiguous for any two strings, so ("ab", "c") and ("a", "bc") are different keys. The same
 * inputs give the same variant on every machine, in the server and in the browser (no node:crypto here: this
 * package is bundled into the dashboard too); a new experiment id reshuffles everyone independently of the last
 * experiment. Each variant gets ⌊2^32·w/total⌋ or one more of the 2^32 points, so weights hold to within 2^-32;
 * a weight of 0 gets none. The server records a player's first assignment, so later weight edits move no one.
 */

export const EXPERIMENT_VARIANTS_MIN = 2;
export const EXPERIMENT_VARIANTS_MAX = 4;
export const EXPERIMENT_WEIGHT_MAX = 1000;
export const EXPERIMENT_VARIANT_ID_MAX = 64;
export const EXPERIMENT_VARIANT_NAME_MAX = 40;

export const EXPERIMENT_MESSAGES = {
  tooFewVariants: `An experiment compares at least ${EXPERIMENT_VARIANTS_MIN} variants. Add another variant.`,
  tooManyVariants: `An experiment compares at most ${EXPERIMENT_VARIANTS_MAX} variants. Remove one first.`,
  variantsInvalid: `Send the experiment’s variants as a list of ${EXPERIMENT_VARIANTS_MIN} to ${EXPERIMENT_VARIANTS_MAX} variants, each with an id, a name and a weight.`,
  variantIdInvalid: `A variant id is 1 to ${EXPERIMENT_VARIANT_ID_MAX} letters, digits, “-” or “_”.`,
  variantNameInvalid: `A variant’s name is 1 to ${EXPERIMENT_VARIANT_NAME_MAX} visible characters.`,
  weightInvalid: `A variant’s weight is a whole number from 0 to ${EXPERIMENT_WEIGHT_MAX}.`,
  weightsSumToZero: 'The weights sum to 0, so no player could be assigned: give at least one variant a weight above 0.',
  duplicateVariantId: (id: string) => `Two variants have the id “${id}”: each variant needs its own id.`,
  duplicateVariantName: (name: string) =>
    `Two variants are named “${name}”: give each its own name, so the results can tell them apart.`,
} as const;

export const ExperimentVariantIdSchema = z
  .string({ error: EXPERIMENT_MESSAGES.variantIdInvalid })
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${EXPERIMENT_VARIANT_ID_MAX}}$`), EXPERIMENT_MESSAGES.variantIdInvalid);

const VariantNameSchema = z
  .string({ error: EXPERIMENT_MESSAGES.variantNameInvalid })
  .trim()
  .min(1, EXPERIMENT_MESSAGES.variantNameInvalid)
  .max(EXPERIMENT_VARIANT_NAME_MAX, EXPERIMENT_MESSAGES.variantNameInvalid)
  .refine(hasVisibleCharacter, EXPERIMENT_MESSAGES.variantNameInvalid)
  .refine((name) => !hasForbiddenCharacters(name) && !hasBidiControl(name), EXPERIMENT_MESSAGES.variantNameInvalid);

export const ExperimentVariantSchema = z.strictObject({
  id: ExperimentVariantIdSchema,
  name: VariantNameSchema,
  weight: z
    .number({ error: EXPERIMENT_MESSAGES.weightInvalid })
    .int(EXPERIMENT_MESSAGES.weightInvalid)
    .min(0, EXPERIMENT_MESSAGES.weightInvalid)
    .max(EXPERIMENT_WEIGHT_MAX, EXPERIMENT_MESSAGES.weightInvalid),
});
export type ExperimentVariant = z.infer<typeof ExperimentVariantSchema>;

/** An experiment's variants as the dashboard and the server accept them. */
export const ExperimentVariantsSchema = z
  .array(ExperimentVariantSchema, { error: EXPERIMENT_MESSAGES.variantsInvalid })
  .min(EXPERIMENT_VARIANTS_MIN, EXPERIMENT_MESSAGES.tooFewVariants)
  .max(EXPERIMENT_VARIANTS_MAX, EXPERIMENT_MESSAGES.tooManyVariants)
  .superRefine((variants, ctx) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    variants.forEach((variant, index) => {
      if (ids.has(variant.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: EXPERIMENT_MESSAGES.duplicateVariantId(variant.id),
        });
      }
      ids.add(variant.id);
      const name = variant.name.toLocaleLowerCase('en-US');
      if (names.has(name)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: EXPERIMENT_MESSAGES.duplicateVariantName(variant.name),
        });
      }
      names.add(name);
    });
    if (variants.reduce((sum, variant) => sum + variant.weight, 0) === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: EXPERIMENT_MESSAGES.weightsSumToZero });
    }
  });

const utf8 = new TextEncoder();

/**
 * MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain reference, MurmurHash3_x86_32), over bytes.
 * Non-cryptographic: it spreads keys evenly and is the same everywhere, which is all an assignment needs.
 */
export function murmur3(bytes: Uint8Array, seed = 0): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed >>> 0;
  const blocks = bytes.length - (bytes.length % 4);
  for (let i = 0; i < blocks; i += 4) {
    let k = (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = bytes.length - blocks;
  if (tail > 0) {
    let k = 0;
    if (tail === 3) k ^= bytes[blocks + 2]! << 16;
    if (tail >= 2) k ^= bytes[blocks + 1]! << 8;
    k ^= bytes[blocks]!;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const POINTS = 2 ** 32;

/** The player's point of an experiment, an integer in [0, 2^32): see the rule above. */
export function experimentPoint(experimentId: string, playerId: string): number {
  return murmur3(utf8.encode(`${experimentId.length}:${experimentId}${playerId}`));
}

/** The player's point as a number in [0, 1). */
export function experimentBucket(experimentId: string, playerId: string): number {
  return experimentPoint(experimentId, playerId) / POINTS;
}

/**
 * The variant a player gets. The variants must be valid (ExperimentVariantsSchema): a list whose weights sum to 0
 * is a programming error here and throws.
 */
export function assignVariant<V extends Pick<ExperimentVariant, 'id' | 'weight'>>(
  experimentId: string,
  playerId: string,
  variants: readonly V[],
): V {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (!(total > 0)) throw new RangeError(EXPERIMENT_MESSAGES.weightsSumToZero);
  // h < 2^32 and total ≤ 4000, so the product is an exact integer in a double.
  const target = Math.floor((experimentPoint(experimentId, playerId) * total) / POINTS);
  let cumulative = 0;
  for (const variant of variants) {
    cumulative += variant.weight;
    if (target < cumulative) return variant;
  }
  // Unreachable: target < total and the last cumulative weight is total.
  throw new RangeError(EXPERIMENT_MESSAGES.weightsSumToZero);
}
