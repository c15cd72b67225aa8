/** The spec's default colours: the accent and the popup's screen background. */
export const DEFAULT_GAME_THEME = { primaryColor: '#FFE16D', secondaryColor: '#021031' } as const;

/** A theme colour as the game's profile stores it: #RRGGBB (stored upper case). */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
