import { z } from 'zod';
import {
  GAME_MESSAGES,
  GameDetailsInputSchema,
  OrientationSchema,
  PLATFORMS,
  type Game,
  type UpdateGameInput,
} from '@liveops/domain/games';
import { parseHexColor } from './parse-hex-color';

const colour = z.string().transform((text, ctx) => {
  const parsed = parseHexColor(text);
  if (parsed === null) ctx.addIssue({ code: 'custom', message: GAME_MESSAGES.colorInvalid });
  return parsed ?? text;
});

/** The draft under the rules the server applies: creation's for the details, and colours as a studio pastes them. */
export const profileDraftSchema = GameDetailsInputSchema.extend({
  // As the select gives it: "" while "Select Orientation" is chosen, which is refused.
  orientation: z.string().pipe(OrientationSchema),
  primaryColor: colour,
  secondaryColor: colour,
});

/**
 * Game Profile's one form (decision 055): the details, the orientation and the theme's colours as typed, which may
 * not be colours yet.
 */
export type ProfileDraft = z.input<typeof profileDraftSchema>;
export type CheckedProfile = z.output<typeof profileDraftSchema>;

export const draftOf = (game: Game): ProfileDraft => ({
  name: game.name,
  description: game.description,
  platforms: [...game.platforms],
  orientation: game.orientation,
  primaryColor: game.theme.primaryColor,
  secondaryColor: game.theme.secondaryColor,
});

export type ProfileChanges = { details: boolean; orientation: boolean; theme: boolean };

/** Which parts of the stored game the draft changes, read as the server would store them. */
export function profileChanges(draft: ProfileDraft, game: Game): ProfileChanges {
  const platforms = PLATFORMS.filter((p) => draft.platforms.includes(p));
  return {
    details:
      draft.name.trim() !== game.name ||
      draft.description.trim() !== game.description ||
      platforms.join() !== game.platforms.join(),
    orientation: draft.orientation !== game.orientation,
    theme:
      parseHexColor(draft.primaryColor) !== game.theme.primaryColor ||
      parseHexColor(draft.secondaryColor) !== game.theme.secondaryColor,
  };
}

export const isChanged = (changes: ProfileChanges) => changes.details || changes.orientation || changes.theme;

/** The one button's words: the spec's "Update Theme" where the theme alone changed, "Update" otherwise. */
export const saveLabelOf = (changes: ProfileChanges) =>
  changes.theme && !changes.details && !changes.orientation
    ? GAME_MESSAGES.saveButtonTheme
    : GAME_MESSAGES.saveButtonDirty;

/** The one PATCH of a checked draft: only the parts that changed (the details always together), or null. */
export function profileSaveInput(checked: CheckedProfile, changes: ProfileChanges): UpdateGameInput | null {
  const { name, description, platforms, orientation, primaryColor, secondaryColor } = checked;
  const input: UpdateGameInput = {
    ...(changes.details ? { name, description, platforms } : {}),
    ...(changes.orientation ? { orientation } : {}),
    ...(changes.theme ? { theme: { primaryColor, secondaryColor } } : {}),
  };
  return Object.keys(input).length ? input : null;
}
