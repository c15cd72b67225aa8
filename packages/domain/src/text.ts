/**
 * Rules every text input follows, whatever the field: no control characters (tab, line feed and carriage return
 * aside), no lone UTF-16 surrogates (they cannot be stored as UTF-8), and names with at least one visible
 * character.
 */
const FORBIDDEN_CHARACTER =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** White space, zero-width and other format characters that draw nothing on their own. */
const INVISIBLE_CHARACTERS =
  /[\s\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;

export const TEXT_MESSAGES = {
  controlCharacters: 'Text must not contain control characters.',
  malformedAddress: 'The address is not valid.',
} as const;

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTER.test(text);
}

/** True when the text shows something: not only spaces, zero-width or other invisible characters. */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE_CHARACTERS, '').length > 0;
}

/**
 * The path (dot-separated) of the first string, or object key, in a parsed JSON value that has a forbidden
 * character; null when there is none. Keys count: they can end up in stored JSON too.
 */
export function findForbiddenText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path.join('.') || '(body)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenText(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (hasForbiddenCharacters(key)) return [...path, '(key)'].join('.');
      const found = findForbiddenText(entry, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
