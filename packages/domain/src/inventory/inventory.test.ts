import { describe, expect, it } from 'vitest';
import {
  addToPack,
  defaultBaseAmount,
  INVENTORY_KEY_MESSAGES,
  INVENTORY_MESSAGES,
  ITEM_ICON_IDS,
  itemInUseMessage,
  ItemInputSchema,
  packValue,
  packValueCents,
  isPackValueStorable,
  PackInputSchema,
} from './inventory';

const item = { name: 'Gold', type: 'currency', value: 1, baseAmount: 1, iconId: 'coin' };
const first = (schema: typeof ItemInputSchema | typeof PackInputSchema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('items', () => {
  it('has the 17 legacy icon ids', () => {
    expect(ITEM_ICON_IDS).toHaveLength(17);
    expect(ITEM_ICON_IDS).toContain('controller');
  });
  it('accepts the defaults and cents', () => {
    expect(ItemInputSchema.safeParse(item).success).toBe(true);
    expect(ItemInputSchema.safeParse({ ...item, value: 0.99 }).success).toBe(true);
  });
  it('requires a name', () => {
    expect(first(ItemInputSchema, { ...item, name: ' ' })).toBe(INVENTORY_MESSAGES.itemNameRequired);
    expect(first(ItemInputSchema, { ...item, name: '\u200b\u200c\u200d\ufeff' })).toBe(
      INVENTORY_MESSAGES.itemNameRequired,
    );
    expect(first(ItemInputSchema, { ...item, name: 'x'.repeat(10_240) })).toBe(INVENTORY_MESSAGES.nameTooLong);
  });
  it.each([
    ['NaN', Number.NaN],
    ['a negative value', -1],
    ['zero', 0],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a string', '5'],
  ])('refuses %s as a value', (_n, value) => {
    expect(first(ItemInputSchema, { ...item, value })).toBe(INVENTORY_MESSAGES.valueInvalid);
  });
  it('refuses 1e308 and fractions of a cent', () => {
    expect(first(ItemInputSchema, { ...item, value: 1e308 })).toBe(INVENTORY_MESSAGES.valueTooLarge);
    expect(first(ItemInputSchema, { ...item, value: 0.015 })).toBe(INVENTORY_MESSAGES.valueCents);
  });
  it('refuses positive values too small to be a cent instead of storing 0', () => {
    expect(first(ItemInputSchema, { ...item, value: 1e-300 })).toBe(INVENTORY_MESSAGES.valueTooSmall);
    expect(first(ItemInputSchema, { ...item, value: 0.001 })).toBe(INVENTORY_MESSAGES.valueTooSmall);
  });
  it('accepts 0 as a base amount: an item a new player does not start with', () => {
    expect(ItemInputSchema.safeParse({ ...item, baseAmount: 0 }).success).toBe(true);
  });
  it('keeps the spec’s words in the base amount’s message', () => {
    expect(INVENTORY_MESSAGES.amountInvalid).toContain('Amount must be a positive integer');
  });
  it('takes a studio key, and refuses one that is not a key', () => {
    expect(ItemInputSchema.safeParse({ ...item, key: 'gold' }).success).toBe(true);
    expect(first(ItemInputSchema, { ...item, key: 'Gold Coins' })).toBe(INVENTORY_KEY_MESSAGES.keyInvalid);
    expect(first(PackInputSchema, { name: 'P', contents: [{ itemId: 'a', quantity: 1 }], key: '9' })).toBe(
      INVENTORY_KEY_MESSAGES.keyInvalid,
    );
  });
  it('defaults a base amount to 1 for a game’s first currency and to 0 otherwise', () => {
    expect(defaultBaseAmount('currency', [])).toBe(1);
    expect(defaultBaseAmount('currency', [{ type: 'game_item' }])).toBe(1);
    expect(defaultBaseAmount('currency', [{ type: 'currency' }])).toBe(0);
    expect(defaultBaseAmount('game_item', [])).toBe(0);
  });
  it.each([
    ['NaN', Number.NaN],
    ['a negative', -3],
    ['a fraction', 1.5],
    ['a string', '2'],
  ])('refuses %s as a base amount', (_n, baseAmount) => {
    expect(first(ItemInputSchema, { ...item, baseAmount })).toBe(INVENTORY_MESSAGES.amountInvalid);
  });
  it('refuses an unknown type or icon', () => {
    expect(first(ItemInputSchema, { ...item, type: 'weapon' })).toBe(INVENTORY_MESSAGES.typeInvalid);
    expect(first(ItemInputSchema, { ...item, iconId: 'dragon' })).toBe(INVENTORY_MESSAGES.iconInvalid);
  });
});

describe('packs', () => {
  const pack = { name: 'Starter', contents: [{ itemId: 'a', quantity: 2 }], iconId: 'gift' };
  it('needs a name and at least one item, each once, with quantity at least 1', () => {
    expect(first(PackInputSchema, { ...pack, name: '' })).toBe('Pack name is required.');
    expect(first(PackInputSchema, { ...pack, contents: [] })).toBe('Add at least one inventory item to the pack.');
    expect(
      first(PackInputSchema, {
        ...pack,
        contents: [
          { itemId: 'a', quantity: 1 },
          { itemId: 'a', quantity: 2 },
        ],
      }),
    ).toBe(INVENTORY_MESSAGES.packDuplicate);
    for (const quantity of [0, -1, 1.5, Number.NaN, '3']) {
      expect(first(PackInputSchema, { ...pack, contents: [{ itemId: 'a', quantity }] })).toBe(
        INVENTORY_MESSAGES.quantityInvalid,
      );
    }
  });
  it('values a pack as the sum of item value times quantity, without float drift', () => {
    const items = [
      { id: 'a', value: 0.1 },
      { id: 'b', value: 0.2 },
    ];
    expect(
      packValue(
        [
          { itemId: 'a', quantity: 3 },
          { itemId: 'b', quantity: 1 },
        ],
        items,
      ),
    ).toBe(0.5);
    expect(packValue([{ itemId: 'a', quantity: 1 }], [])).toBe(0);
  });
  it('computes large pack values exactly and knows when a total is beyond what a JSON number carries', () => {
    const items = [{ id: 'a', value: 999_999_999.99 }];
    expect(packValueCents([{ itemId: 'a', quantity: 10_001 }], items)).toBe(1_000_099_999_989_999n);
    expect(String(packValue([{ itemId: 'a', quantity: 9_999 }], items))).toBe('9998999999900.01');
    expect(isPackValueStorable([{ itemId: 'a', quantity: 10_000 }], items)).toBe(true);
    expect(isPackValueStorable([{ itemId: 'a', quantity: 10_001 }], items)).toBe(false);
  });
  it('raises the quantity when an item is added again', () => {
    const once = addToPack([], 'a');
    expect(addToPack(once, 'a')).toEqual([{ itemId: 'a', quantity: 2 }]);
    expect(addToPack(once, 'b')).toEqual([
      { itemId: 'a', quantity: 1 },
      { itemId: 'b', quantity: 1 },
    ]);
  });
  it('names the packs that hold an item', () => {
    expect(itemInUseMessage(['Starter'])).toBe('This item is in pack "Starter". Remove it from that pack first.');
    expect(itemInUseMessage(['A', 'B'])).toBe('This item is in 2 packs "A", "B". Remove it from those packs first.');
  });
});
