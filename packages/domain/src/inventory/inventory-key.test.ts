import { describe, expect, it } from 'vitest';
import {
  INVENTORY_KEY_MAX_LENGTH,
  INVENTORY_KEY_MESSAGES,
  InventoryKeySchema,
  isInventoryKey,
  suggestInventoryKey,
  uniqueInventoryKey,
} from './inventory-key';

describe('inventory keys', () => {
  it.each([['gold'], ['gem_pack_small'], ['a1'], ['x'.repeat(INVENTORY_KEY_MAX_LENGTH)]])('accepts %s', (key) => {
    expect(isInventoryKey(key)).toBe(true);
    expect(InventoryKeySchema.safeParse(key).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['upper case', 'Gold'],
    ['a leading digit', '1gold'],
    ['a leading underscore', '_gold'],
    ['a hyphen', 'gem-pack'],
    ['a space', 'gem pack'],
    ['an accent', 'pièce'],
    ['too long', 'x'.repeat(INVENTORY_KEY_MAX_LENGTH + 1)],
  ])('refuses %s with the key message', (_, key) => {
    expect(isInventoryKey(key)).toBe(false);
    const result = InventoryKeySchema.safeParse(key);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(INVENTORY_KEY_MESSAGES.keyInvalid);
  });

  it.each([
    ['Gold', 'gold'],
    ['Gem Pack (small)', 'gem_pack_small'],
    ['  Énergie — Potion!! ', 'energie_potion'],
    ['100 Gems', 'item_100_gems'],
    ['💎', 'item'],
    ['', 'item'],
  ])('suggests a valid key from the name %j', (name, key) => {
    expect(suggestInventoryKey(name, 'item')).toBe(key);
    expect(isInventoryKey(suggestInventoryKey(name, 'item'))).toBe(true);
  });

  it('suggests the kind for a pack without letters', () => {
    expect(suggestInventoryKey('!!!', 'pack')).toBe('pack');
    expect(suggestInventoryKey('7 day bundle', 'pack')).toBe('pack_7_day_bundle');
  });

  it('keeps a long name’s suggestion within the longest key, without a trailing underscore', () => {
    const key = suggestInventoryKey(`${'a'.repeat(INVENTORY_KEY_MAX_LENGTH - 1)} b`, 'item');
    expect(key).toBe('a'.repeat(INVENTORY_KEY_MAX_LENGTH - 1));
    expect(isInventoryKey(key)).toBe(true);
  });

  it('numbers a taken key until it is free in the game', () => {
    expect(uniqueInventoryKey('gold', [])).toBe('gold');
    expect(uniqueInventoryKey('gold', ['gold'])).toBe('gold_2');
    expect(uniqueInventoryKey('gold', ['gold', 'gold_2', 'gold_3'])).toBe('gold_4');
    const long = 'x'.repeat(INVENTORY_KEY_MAX_LENGTH);
    const next = uniqueInventoryKey(long, [long]);
    expect(next).toHaveLength(INVENTORY_KEY_MAX_LENGTH);
    expect(next.endsWith('_2')).toBe(true);
    expect(isInventoryKey(next)).toBe(true);
  });
});
