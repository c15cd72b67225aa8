import { z } from 'zod';

/**
 * Studio-chosen keys of items and packs (decision 051): what a game's code names an entry by (`gold`,
 * `gem_pack_small`) instead of its UUID. Lower-case, a letter first, unique per game among items (and among packs),
 * suggested from the name, editable until the entry is first published, then fixed.
 */
export const INVENTORY_KEY_MAX_LENGTH = 64;
export const INVENTORY_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

export type InventoryKind = 'item' | 'pack';

export const INVENTORY_KEY_MESSAGES = {
  keyInvalid: `A key is lower-case letters, digits and underscores, starting with a letter (at most ${INVENTORY_KEY_MAX_LENGTH} characters), such as gem_pack_small.`,
  keyTaken: (kind: InventoryKind, key: string) =>
    `Another ${kind} of this game already has the key "${key}". Pick another.`,
  keyFixed: (kind: InventoryKind) =>
    `This ${kind}’s key is fixed: it is in a published release, so games may already use it.`,
  keyHelp: 'What your game’s code names this entry by (in the SDK, config.json and server calls).',
  keyFixedHelp: 'Fixed since this entry was first published: games may already use it.',
  keyEditableHelp: 'Editable until the first publish that includes this entry; fixed after.',
} as const;

export const InventoryKeySchema = z
  .string({ error: INVENTORY_KEY_MESSAGES.keyInvalid })
  .max(INVENTORY_KEY_MAX_LENGTH, INVENTORY_KEY_MESSAGES.keyInvalid)
  .regex(INVENTORY_KEY_PATTERN, INVENTORY_KEY_MESSAGES.keyInvalid);

/**
 * The key of an item's or pack's input: left out or empty, the server suggests one on a create and keeps the
 * entry's key on an edit.
 */
export const InventoryKeyInputSchema = z
  .string({ error: INVENTORY_KEY_MESSAGES.keyInvalid })
  .refine((key) => key === '' || isInventoryKey(key), INVENTORY_KEY_MESSAGES.keyInvalid)
  .transform((key) => key || undefined)
  .optional();

export function isInventoryKey(text: string): boolean {
  return text.length <= INVENTORY_KEY_MAX_LENGTH && INVENTORY_KEY_PATTERN.test(text);
}

/** `base` cut to leave room for `suffix` within the longest key, without a trailing underscore before it. */
function withSuffix(base: string, suffix: string): string {
  return base.slice(0, INVENTORY_KEY_MAX_LENGTH - suffix.length).replace(/_+$/, '') + suffix;
}

/**
 * The key a name suggests: accents dropped, lower-case, every run of other characters one underscore. A name with
 * no letter or digit suggests the kind ("item"); one starting with a digit gets the kind before it ("item_100_gems").
 * The database migration derives existing rows' keys by the same rule, for names in ASCII.
 */
export function suggestInventoryKey(name: string, kind: InventoryKind): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!words) return kind;
  return withSuffix(/^[0-9]/.test(words) ? `${kind}_${words}` : words, '');
}

/** `key`, or the first of key_2, key_3, … that is not taken: a suggestion that is unique in its game. */
export function uniqueInventoryKey(key: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(key)) return key;
  for (let n = 2; ; n++) {
    const candidate = withSuffix(key, `_${n}`);
    if (!used.has(candidate)) return candidate;
  }
}
