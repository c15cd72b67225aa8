/**
 * How a game is held (portrait or landscape), stored lowercase. Zod-free: the published page reads a config's
 * orientation too.
 */
export const ORIENTATIONS = ['portrait', 'landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const isOrientation = (value: unknown): value is Orientation => value === 'portrait' || value === 'landscape';

/**
 * Decision 023: the widest a popup is laid out, in CSS pixels, by the game's orientation. A wider web view
 * centres it rather than stretching its cards across a tablet or a desktop.
 */
export const POPUP_MAX_WIDTH_PX: Readonly<Record<Orientation, number>> = { portrait: 480, landscape: 900 };

/**
 * Decision 023: the smallest a text may be drawn, in CSS pixels, once the popup is scaled to fit its screen. The
 * fit never scales a popup's smallest text below it; a popup that needs more room than that scrolls instead.
 */
export const POPUP_MIN_TEXT_PX = 11;

/** Decision 023: the smallest claim button a thumb can hit (Apple's 44 pt), in CSS pixels once scaled. */
export const POPUP_MIN_TARGET_PX = 44;
