import { z } from 'zod';
import { ITEM_ICON_IDS, type ItemIconId } from './item-icons';
import { InventoryKeyInputSchema } from './inventory-key';
import { requiredTextSchema } from '../shared/required-text-schema';

export const ITEM_TYPES = ['currency', 'game_item'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const ITEM_TYPE_LABELS: Record<ItemType, string> = { currency: 'Currency', game_item: 'Game item' };

export { ITEM_ICON_IDS, ITEM_ICONS, type ItemIconId } from './item-icons';
export * from './inventory-key';

/**
 * The spec's defaults, less the base amount: decision 051 makes it 0 for every new item but a game's first currency
 * (defaultBaseAmount, decision 051).
 */
export const ITEM_DEFAULTS = { type: 'currency', value: 1, iconId: 'coin' } as const;

/**
 * A new item's base amount: 1 for the game's first currency (so a new game's players start with some), 0 for
 * anything else (a premium Gem, a second currency, a game item), which the studio raises where it wants one.
 */
export function defaultBaseAmount(type: ItemType, existing: readonly Pick<Item, 'type'>[]): number {
  return type === 'currency' && !existing.some((item) => item.type === 'currency') ? 1 : 0;
}
export const INVENTORY_NAME_MAX_LENGTH = 100;
export const ITEM_VALUE_MAX = 1_000_000_000;
export const AMOUNT_MAX = 1_000_000_000;
export const PACK_ITEMS_MAX = 50;

/**
 * What the inventory's numbers mean, said beside them (decision 027): a value is a reference price in US dollars,
 * as a player's totalSpend is, used to compare packs; players are not shown it.
 */
export const INVENTORY_HELP = {
  value: 'What one of this item is worth, in US dollars. A pack’s value adds these up; players do not see it.',
  baseAmount:
    'How many of this item a new player starts with (0 for none). A change applies to players who sign in for the first time after it; players who already started keep what they have.',
  id: 'The id your game receives in config.json for this entry.',
  packValue: 'The sum of each item’s value times its quantity, in US dollars.',
} as const;

export const INVENTORY_MESSAGES = {
  itemNameRequired: 'Item name is required.',
  packNameRequired: 'Pack name is required.',
  nameTooLong: `Keep the name under ${INVENTORY_NAME_MAX_LENGTH} characters.`,
  typeInvalid: 'Type must be currency or game_item.',
  valueInvalid: 'Value must be a positive number.',
  valueTooSmall: 'Value must be at least 0.01.',
  packValueTooLarge: 'A pack can be worth at most 9,999,999,999,999.99. Lower a quantity or an item value.',
  valueTooLarge: `Value must be at most ${ITEM_VALUE_MAX.toLocaleString('en-US')}.`,
  valueCents: 'Value can have at most two decimal places.',
  /** The spec's message for a base amount, widened by decision 051 to take 0. */
  amountInvalid: 'Amount must be a positive integer, or 0.',
  amountTooLarge: `Amount must be at most ${AMOUNT_MAX.toLocaleString('en-US')}.`,
  iconInvalid: 'Pick one of the icons.',
  packEmpty: 'Add at least one inventory item to the pack.',
  packTooMany: `A pack holds at most ${PACK_ITEMS_MAX} different items.`,
  packDuplicate: 'Each item appears once in a pack; raise its quantity instead.',
  quantityInvalid: 'Quantity must be a whole number of at least 1.',
  itemSaveFailed: 'Failed to create item. Check console for details.',
  deleteItemConfirm: 'Are you sure you want to delete this item?',
  deletePackConfirm: 'Are you sure you want to delete this pack?',
  itemNotFound: 'Item not found.',
  packNotFound: 'Pack not found.',
  assetNotFound: 'That image is not one of this game’s assets.',
  unknownItems: 'A pack can only contain items of its own game.',
  noItems: 'No items yet. Add currencies and game items first.',
  noPacks: 'No packs yet. Bundle items into a pack.',
} as const;

/** Names the packs that keep an item from being deleted (decision 009). */
export function itemInUseMessage(packNames: string[]): string {
  const list = packNames.map((name) => `"${name}"`).join(', ');
  return `This item is in ${packNames.length === 1 ? 'pack' : `${packNames.length} packs`} ${list}. Remove it from ${packNames.length === 1 ? 'that pack' : 'those packs'} first.`;
}

const name = (required: string) =>
  requiredTextSchema(INVENTORY_NAME_MAX_LENGTH, { required, tooLong: INVENTORY_MESSAGES.nameTooLong });

const wholeNumber = (min: 0 | 1, message: string, tooLarge: string) =>
  z
    .number({ error: message })
    .refine(Number.isFinite, message)
    .refine(Number.isInteger, message)
    .refine((n) => n >= min, message)
    .refine((n) => n <= AMOUNT_MAX, tooLarge);

/** The icon: one of the 17 emoji ids, or an image from the game's assets (assetRefId, its asset ID). */
const IconFields = {
  iconId: z
    .enum(ITEM_ICON_IDS as [ItemIconId, ...ItemIconId[]], { error: INVENTORY_MESSAGES.iconInvalid })
    .nullable()
    .optional(),
  assetRefId: z.string().trim().min(1).max(64).nullable().optional(),
};

export const ItemInputSchema = z.object({
  name: name(INVENTORY_MESSAGES.itemNameRequired),
  type: z.enum(ITEM_TYPES, { error: INVENTORY_MESSAGES.typeInvalid }),
  value: z
    .number({ error: INVENTORY_MESSAGES.valueInvalid })
    .refine(Number.isFinite, INVENTORY_MESSAGES.valueInvalid)
    .refine((n) => n > 0, INVENTORY_MESSAGES.valueInvalid)
    // A positive value too small to be a cent would be stored as 0.
    .refine((n) => Math.round(n * 100) >= 1, INVENTORY_MESSAGES.valueTooSmall)
    .refine((n) => n <= ITEM_VALUE_MAX, INVENTORY_MESSAGES.valueTooLarge)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, INVENTORY_MESSAGES.valueCents),
  baseAmount: wholeNumber(0, INVENTORY_MESSAGES.amountInvalid, INVENTORY_MESSAGES.amountTooLarge),
  /** Suggested from the name when left out of a create (or empty), kept when left out of an edit. */
  key: InventoryKeyInputSchema,
  ...IconFields,
});
export type ItemInput = z.input<typeof ItemInputSchema>;

export const PackEntrySchema = z.object({
  itemId: z.string().min(1).max(64),
  quantity: wholeNumber(1, INVENTORY_MESSAGES.quantityInvalid, INVENTORY_MESSAGES.amountTooLarge),
});
export type PackEntry = z.infer<typeof PackEntrySchema>;

export const PackInputSchema = z.object({
  name: name(INVENTORY_MESSAGES.packNameRequired),
  contents: z
    .array(PackEntrySchema, { error: INVENTORY_MESSAGES.packEmpty })
    .min(1, INVENTORY_MESSAGES.packEmpty)
    .max(PACK_ITEMS_MAX, INVENTORY_MESSAGES.packTooMany)
    .refine(
      (entries) => new Set(entries.map((e) => e.itemId)).size === entries.length,
      INVENTORY_MESSAGES.packDuplicate,
    ),
  key: InventoryKeyInputSchema,
  ...IconFields,
});
export type PackInput = z.input<typeof PackInputSchema>;

const Common = {
  id: z.string(),
  gameId: z.string(),
  ownerId: z.string(),
  name: z.string(),
  /** The studio's key for the entry (decision 051). */
  key: z.string(),
  /** True once the entry is in a release of its game: the key can no longer change. */
  keyFixed: z.boolean(),
  iconId: z.enum(ITEM_ICON_IDS as [ItemIconId, ...ItemIconId[]]).nullable(),
  assetRefId: z.string().nullable(),
  assetName: z.string().nullable(),
  /** The asset's image URL, when the icon is an asset that still exists. */
  assetUrl: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ItemSchema = z.object({
  ...Common,
  type: z.enum(ITEM_TYPES),
  value: z.number(),
  baseAmount: z.number().int(),
});
export type Item = z.infer<typeof ItemSchema>;

export const PackSchema = z.object({ ...Common, contents: z.array(PackEntrySchema), value: z.number() });
export type Pack = z.infer<typeof PackSchema>;

/**
 * The largest pack value in cents: 15 significant digits, which a JSON number carries exactly as a decimal with
 * its two places. Larger totals are refused.
 */
export const PACK_VALUE_MAX_CENTS = 999_999_999_999_999;

/** A pack's value in cents: the sum of each item's value times its quantity, exact at any size. */
export function packValueCents(contents: PackEntry[], items: Pick<Item, 'id' | 'value'>[]): bigint {
  const byId = new Map(items.map((item) => [item.id, item.value]));
  return contents.reduce(
    (sum, entry) => sum + BigInt(Math.round((byId.get(entry.itemId) ?? 0) * 100)) * BigInt(entry.quantity),
    0n,
  );
}

/** A pack's value, exact while it is within PACK_VALUE_MAX_CENTS (the server refuses packs beyond it). */
export function packValue(contents: PackEntry[], items: Pick<Item, 'id' | 'value'>[]): number {
  return Number(packValueCents(contents, items)) / 100;
}

export function isPackValueStorable(contents: PackEntry[], items: Pick<Item, 'id' | 'value'>[]): boolean {
  return packValueCents(contents, items) <= BigInt(PACK_VALUE_MAX_CENTS);
}

/** Adding an item a pack already holds raises its quantity instead of adding a second line. */
export function addToPack(contents: PackEntry[], itemId: string, quantity = 1): PackEntry[] {
  const existing = contents.find((entry) => entry.itemId === itemId);
  if (existing)
    return contents.map((entry) =>
      entry.itemId === itemId ? { ...entry, quantity: entry.quantity + quantity } : entry,
    );
  return [...contents, { itemId, quantity }];
}
