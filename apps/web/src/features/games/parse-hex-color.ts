/**
 * A colour as a studio pastes it — "#1a2b3c", "1A2B3C", "#abc", with spaces around — as the stored "#RRGGBB", or
 * null when it is not a hex colour.
 */
export function parseHexColor(text: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  const digits = match?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${full.toUpperCase()}`;
}
