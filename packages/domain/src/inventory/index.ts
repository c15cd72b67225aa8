/** Inventory: items, packs, their keys and icons. */
export * from './inventory';
export * from './inventory-key';
export * from './item-icons';
