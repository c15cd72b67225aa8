import { z } from 'zod';
import { hasBidiControl, hasForbiddenCharacters, hasVisibleCharacter, TEXT_MESSAGES } from './text';

/**
 * A name, description or reason a person types: trimmed, required (a visible character at least: zero-width or
 * other invisible characters alone say nothing to whoever reads it later), at most `max` characters, and free of
 * bidirectional controls; control characters are refused too where `refuseControlCharacters` says so. The checks
 * run in that order, so the first issue is the same wherever the rule is used.
 */
export function requiredTextSchema(
  max: number,
  messages: { required: string; tooLong: string },
  { refuseControlCharacters = false }: { refuseControlCharacters?: boolean } = {},
) {
  const visible = z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong)
    .refine(hasVisibleCharacter, messages.required);
  const clean = refuseControlCharacters
    ? visible.refine((text) => !hasForbiddenCharacters(text), TEXT_MESSAGES.controlCharacters)
    : visible;
  return clean.refine((text) => !hasBidiControl(text), TEXT_MESSAGES.bidiControls);
}
