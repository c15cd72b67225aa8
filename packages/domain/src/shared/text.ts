/**
 * Rules every text input follows, whatever the field: no control characters (tab, line feed and carriage return
 * aside), no lone UTF-16 surrogates (they cannot be stored as UTF-8), and names with at least one visible
 * character.
 */
/** C0 controls but tab (9), line feed (10) and carriage return (13); DEL and the C1 controls (127–159). */
const isControl = (code: number) =>
  (code < 32 && code !== 9 && code !== 10 && code !== 13) || (code >= 127 && code <= 159);

/** White space, zero-width and other format characters that draw nothing on their own, as code point ranges. */
const INVISIBLE_RANGES: [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];
const isInvisible = (char: string) => {
  if (/\s/.test(char)) return true;
  const code = char.codePointAt(0) ?? 0;
  return INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
};

export const TEXT_MESSAGES = {
  controlCharacters: 'Text must not contain control characters.',
  malformedAddress: 'The address is not valid.',
  tooDeep: 'The request body is nested too deeply.',
  bidiControls:
    'Text must not contain direction-override characters (such as U+202E): they make text read differently from what it is.',
} as const;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what follows
 * them, so "gpj.exe" can show as "exe.jpg" (decision 032). The marks (U+200E, U+200F, U+061C) only nudge neutral
 * characters, which right-to-left text needs, and stay allowed.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

export function hasForbiddenCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControl(code)) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/** True when the text shows something: not only spaces, zero-width or other invisible characters. */
export function hasVisibleCharacter(text: string): boolean {
  for (const char of text) if (!isInvisible(char)) return true;
  return false;
}

/** Deepest nesting of arrays and objects any request body may have; real ones are a few levels deep. */
export const JSON_MAX_DEPTH = 32;

export type TextProblem = { kind: 'too-deep' } | { kind: 'forbidden' | 'bidi'; path: string };

/**
 * Walks a parsed JSON value without recursion (a body nested 20,000 deep must not exhaust the stack): the
 * first string or object key with a forbidden character or a bidirectional control, by its dot-separated path,
 * or a nesting deeper than JSON_MAX_DEPTH; null when none.
 */
export function findTextProblem(value: unknown): TextProblem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenCharacters(current)) return { kind: 'forbidden', path: path.join('.') || '(body)' };
      if (hasBidiControl(current)) return { kind: 'bidi', path: path.join('.') || '(body)' };
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (path.length >= JSON_MAX_DEPTH) return { kind: 'too-deep' };
    const entries = Array.isArray(current)
      ? current.map((entry, i) => [String(i), entry] as const)
      : Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, entry] = entries[i]!;
      if (!Array.isArray(current) && (hasForbiddenCharacters(key) || hasBidiControl(key))) {
        return { kind: hasForbiddenCharacters(key) ? 'forbidden' : 'bidi', path: [...path, '(key)'].join('.') };
      }
      stack.push({ value: entry, path: [...path, key] });
    }
  }
  return null;
}
