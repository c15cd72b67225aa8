/** The spec's 17 legacy emoji icon ids, with the emoji each shows. */
export const ITEM_ICONS = {
  sparkle: '✨',
  gift: '🎁',
  coin: '🪙',
  star: '⭐',
  energy: '⚡',
  potion: '🧪',
  gem: '💎',
  heart: '❤️',
  trophy: '🏆',
  crown: '👑',
  fire: '🔥',
  shield: '🛡️',
  sword: '⚔️',
  key: '🔑',
  ticket: '🎟️',
  balloon: '🎈',
  controller: '🎮',
} as const;
export type ItemIconId = keyof typeof ITEM_ICONS;
export const ITEM_ICON_IDS = Object.keys(ITEM_ICONS) as ItemIconId[];
