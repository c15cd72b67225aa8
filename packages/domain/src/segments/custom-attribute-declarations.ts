import { z } from 'zod';
import { CustomAttributesSchema, type CustomAttributeType } from './player-attributes';

/**
 * The dashboard's view of a game's custom attribute declarations (decision 039):
 * `GET` and `PUT /api/games/:gameId/custom-attributes`. A PUT replaces the whole list; it is refused while a segment
 * of the game would no longer check with it (an attribute it uses removed or retyped).
 */

export const CustomAttributeDeclarationsSchema = z.object({ customAttributes: CustomAttributesSchema });
export type CustomAttributeDeclarations = z.infer<typeof CustomAttributeDeclarationsSchema>;

/** A PUT's body: the full list, as it should be stored. */
export const UpdateCustomAttributesInputSchema = z.strictObject({ customAttributes: CustomAttributesSchema });
export type UpdateCustomAttributesInput = z.input<typeof UpdateCustomAttributesInputSchema>;

/** How each type reads in the dashboard, with its CEL name (what the checker's messages use). */
export const CUSTOM_ATTRIBUTE_TYPE_LABELS: Record<CustomAttributeType, string> = {
  int: 'Whole number (int)',
  double: 'Number (double)',
  string: 'Text (string)',
  bool: 'True or false (bool)',
  'list<string>': 'List of text (list<string>)',
};

export const CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES = {
  /** A PUT that would break a segment: which one, and what its checker says with the new list. */
  inUse: (segmentName: string, problem: string) =>
    `Segment “${segmentName}” uses an attribute this change removes or retypes (${problem}). Change or delete the segment first.`,
  saved: 'Custom attributes saved.',
  saveFailed: 'Could not save the custom attributes.',
  saveButtonDirty: 'Save Attributes',
  saveButtonClean: 'Saved',
  loadFailed: 'Could not load the custom attributes.',
  intro:
    'Attributes your game knows of a player beyond the built-in fields. Declare a name and type to use it in segments as player.<name>; your game sends it in a session’s attributes.',
  empty: 'No custom attributes yet. Add one to use it in segments.',
  ignoredHint:
    'A value of the wrong type, or a name not declared here, is ignored for targeting and reported back to the game (ignoredAttributes).',
  loading: 'Loading custom attributes…',
} as const;
