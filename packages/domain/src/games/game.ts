import { z } from 'zod';
import { HEX_COLOR } from './game-theme';
import { ORIENTATIONS, type Orientation } from '../layout/popup-size';
import { requiredTextSchema } from '../shared/required-text-schema';

export const PLATFORMS = ['Android', 'iOS', 'Web', 'Windows', 'macOS'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Stored lowercase (the creation form's reading); shown capitalised (the workspace's). Decision 006. */
export const ORIENTATION_LABELS: Record<Orientation, string> = { portrait: 'Portrait', landscape: 'Landscape' };

export const GAME_NAME_MAX_LENGTH = 100;
export const GAME_DESCRIPTION_MAX_LENGTH = 1000;
export const SDK_KEY_PREFIX = 'CSDK-';
export const SDK_KEY_RANDOM_LENGTH = 16;
export const SDK_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const SDK_KEY_PATTERN = /^CSDK-[A-Za-z0-9]{16}$/;
export { DEFAULT_GAME_THEME } from './game-theme';

export const GAME_MESSAGES = {
  nameRequired: 'Game name is required.',
  nameTooLong: `Keep the name under ${GAME_NAME_MAX_LENGTH} characters.`,
  descriptionRequired: 'Description is required.',
  descriptionTooLong: `Keep the description under ${GAME_DESCRIPTION_MAX_LENGTH} characters.`,
  platformRequired: 'Please select at least one platform.',
  platformUnknown: `Platforms are ${PLATFORMS.join(', ')}.`,
  orientationInvalid: 'Orientation must be portrait or landscape.',
  colorInvalid: 'Colours are hex values like #1A2B3C.',
  notFound: 'Game not found.',
  loading: 'Loading Game...',
  empty: 'No games found. Create your first game!',
  sdkKeyCopied: 'SDK Key Copied!',
  updated: '✓ Updated',
  /** Game Profile's one save button (decision 055): the spec's "Update", or "Update Theme" when only the theme changed. */
  saveButtonDirty: 'Update',
  saveButtonTheme: 'Update Theme',
  saveButtonClean: 'Saved',
  profileLeaveTitle: 'Leave with unsaved changes?',
  profileLeaveText: (name: string) =>
    `The changes you made to ${name}’s profile (its details, orientation or theme) have not been saved and will be lost.`,
  profileCheckFields: 'Some fields need a look before this can be saved: see the messages above.',
  createFailed: 'Could not create the game. Please try again.',
  updateFailed: 'Could not save the change. Please try again.',
  comingSoon: 'Coming Soon.',
  saved: 'Game details saved.',
  deleteConfirmationWrong: 'Type the game’s name exactly as shown to delete it. Nothing was deleted.',
  deleteBusy: 'A publish of this game is running. Delete it again once the publish has finished.',
  deleteFailed: 'Could not delete the game. Please try again.',
  deleted: (name: string) => `${name} deleted.`,
  duplicated: (name: string) => `${name} created.`,
  duplicateFailed: 'Could not copy the game. Nothing was created; please try again.',
  duplicateStorageFailed: 'Could not copy the game’s images. Nothing was created; please try again.',
  duplicateConfirmTitle: (name: string) => `Duplicate ${name}?`,
  duplicateConfirmText: (copyName: string) =>
    `Creates a staging copy, “${copyName}”, with its own SDK key and copies of this game’s segments, items, packs, daily rewards, layouts and images. Releases are not copied, and this game does not change.`,
  duplicateConfirm: 'Duplicate',
  stagingCopy: 'Staging copy',
  stagingCopyOf: (name: string) => `A staging copy of ${name}`,
  emptyCreate: 'Create a game to get its SDK key, then add segments, items, packs and daily rewards to it.',
  updateEmpty:
    'Send the game’s details (name, description and platforms), its orientation, its theme, or requireSignedPlayerIds.',
  requireSignedPlayerIdsInvalid: 'requireSignedPlayerIds is true or false.',
  runtimeUrlCopied: 'Runtime URL Copied!',
  sdkKeyRegenerateTitle: 'Regenerate the SDK key?',
  sdkKeyRegenerateText:
    'The game gets a new SDK key at once. Every copy of the game that ships the old key stops reaching the runtime, and every player session token of this game stops working now. Players reach the runtime again with a build that ships the new key.',
  sdkKeyRegenerateConfirm: 'Regenerate key',
  sdkKeyRegenerated: 'New SDK key created. Ship it in your game.',
  sdkKeyRegenerateFailed: 'Could not regenerate the SDK key. The old key still works; please try again.',
  serverSecretLoadFailed: 'Could not load the server secret. Please try again.',
  serverSecretCopied: 'Server Secret Copied!',
  serverSecretRotateTitle: 'Rotate the server secret?',
  serverSecretRotateText:
    'The game gets a new server secret at once. Your game’s backend must switch to it: player ids it signed and server calls it signs with the old secret stop working now.',
  serverSecretRotateConfirm: 'Rotate secret',
  serverSecretRotated: 'New server secret created. Switch your game’s backend to it.',
  serverSecretRotateFailed: 'Could not rotate the server secret. The old secret still works; please try again.',
  signedPlayerIdsOn: 'Player ids must now be signed by your game’s backend.',
  signedPlayerIdsOff: 'Any player id is accepted again.',
  signedPlayerIdsFailed: 'Could not change the setting. Nothing changed; please try again.',
} as const;

/** What a staging copy is called unless the developer names it. */
export const GAME_COPY_SUFFIX = ' (staging copy)';

export const HexColorSchema = z
  .string({ error: GAME_MESSAGES.colorInvalid })
  .regex(HEX_COLOR, GAME_MESSAGES.colorInvalid)
  .transform((value) => value.toUpperCase());

export const OrientationSchema = z.enum(ORIENTATIONS, { error: GAME_MESSAGES.orientationInvalid });

export const GameThemeSchema = z.object(
  { primaryColor: HexColorSchema, secondaryColor: HexColorSchema },
  { error: GAME_MESSAGES.colorInvalid },
);
export type GameTheme = z.infer<typeof GameThemeSchema>;

export const CreateGameInputSchema = z.object({
  name: requiredTextSchema(GAME_NAME_MAX_LENGTH, {
    required: GAME_MESSAGES.nameRequired,
    tooLong: GAME_MESSAGES.nameTooLong,
  }),
  description: requiredTextSchema(GAME_DESCRIPTION_MAX_LENGTH, {
    required: GAME_MESSAGES.descriptionRequired,
    tooLong: GAME_MESSAGES.descriptionTooLong,
  }),
  platforms: z
    .array(z.enum(PLATFORMS, { error: GAME_MESSAGES.platformUnknown }), { error: GAME_MESSAGES.platformRequired })
    .min(1, GAME_MESSAGES.platformRequired)
    .max(PLATFORMS.length)
    .transform((list) => PLATFORMS.filter((p) => list.includes(p))),
  orientation: OrientationSchema.default('portrait'),
});
export type CreateGameInput = z.input<typeof CreateGameInputSchema>;

/** The game details a developer can edit after creation, under the same rules as creation. */
export const GameDetailsInputSchema = CreateGameInputSchema.pick({ name: true, description: true, platforms: true });
export type GameDetailsInput = z.input<typeof GameDetailsInputSchema>;

const DETAIL_KEYS = ['name', 'description', 'platforms'] as const;
const DETAIL_MISSING = {
  name: GAME_MESSAGES.nameRequired,
  description: GAME_MESSAGES.descriptionRequired,
  platforms: GAME_MESSAGES.platformRequired,
} as const;

/**
 * PATCH /api/games/:id: any of the details (name, description and platforms, always together, as the form saves
 * them), the orientation, the theme (both colours) and the runtime's "Require signed player ids" switch (decision
 * 035), stored together or not at all: Game Profile's one save sends what changed of the first three (decision 055).
 */
export const UpdateGameInputSchema = z
  .object({
    name: GameDetailsInputSchema.shape.name.optional(),
    description: GameDetailsInputSchema.shape.description.optional(),
    platforms: GameDetailsInputSchema.shape.platforms.optional(),
    orientation: OrientationSchema.optional(),
    theme: GameThemeSchema.optional(),
    requireSignedPlayerIds: z.boolean({ error: GAME_MESSAGES.requireSignedPlayerIdsInvalid }).optional(),
  })
  .superRefine((input, ctx) => {
    const given = DETAIL_KEYS.filter((key) => input[key] !== undefined);
    const others = [input.orientation, input.theme, input.requireSignedPlayerIds].filter((v) => v !== undefined);
    if (given.length === 0 && others.length === 0) {
      ctx.addIssue({ code: 'custom', message: GAME_MESSAGES.updateEmpty });
      return;
    }
    if (given.length === 0) return;
    for (const key of DETAIL_KEYS) {
      if (input[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: DETAIL_MISSING[key] });
    }
  });
export type UpdateGameInput = z.input<typeof UpdateGameInputSchema>;

/** Deleting a game: its name typed as confirmation (a wrong or oversized one is refused, never an error). */
export const DeleteGameInputSchema = z.object({
  confirmation: z
    .string({ error: GAME_MESSAGES.deleteConfirmationWrong })
    .max(GAME_NAME_MAX_LENGTH * 4, GAME_MESSAGES.deleteConfirmationWrong),
});
export type DeleteGameInput = z.input<typeof DeleteGameInputSchema>;

/** Whether the typed confirmation names the game: exactly its name, surrounding spaces aside. */
export function confirmsGameDeletion(typed: string, name: string): boolean {
  return typed.trim() === name.trim();
}

/** A staging copy: optionally named; by default "<name> (staging copy)". */
export const DuplicateGameInputSchema = z.object({ name: CreateGameInputSchema.shape.name.optional() });
export type DuplicateGameInput = z.input<typeof DuplicateGameInputSchema>;

/** The default name of a game's copy, shortened so that it stays within GAME_NAME_MAX_LENGTH. */
export function gameCopyName(name: string): string {
  const room = GAME_NAME_MAX_LENGTH - GAME_COPY_SUFFIX.length;
  // Cut in UTF-16 units (what the limit counts), never between the halves of a surrogate pair.
  const head = name
    .trim()
    .slice(0, room)
    .replace(/[\uD800-\uDBFF]$/, '');
  return `${head.trimEnd()}${GAME_COPY_SUFFIX}`;
}

export const UpdateOrientationInputSchema = z.object({ orientation: OrientationSchema });
export const UpdateThemeInputSchema = z.object({ theme: GameThemeSchema });

export const GameSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  description: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  orientation: OrientationSchema,
  sdkKey: z.string(),
  status: z.literal('active'),
  tier: z.literal('free'),
  owner: z.string().nullable(),
  theme: GameThemeSchema,
  enabled: z.boolean(),
  /** The id of the game this one was duplicated from as a staging copy, null for a game created as new. */
  stagingCopyOf: z.string().nullable(),
  /** The player runtime accepts only player ids signed with the game's server secret (decision 034). */
  requireSignedPlayerIds: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Game = z.infer<typeof GameSchema>;

/** GET and POST /api/games/:id/server-secret: the game's runtime server secret, asked for on its own (decision 035). */
export const ServerSecretSchema = z.object({ serverSecret: z.string().regex(/^ss_[0-9a-f]{64}$/) });
export type ServerSecret = z.infer<typeof ServerSecretSchema>;

/** Draws an SDK key from random bytes; rejection sampling keeps every character equally likely. */
export function sdkKeyFromRandom(nextByte: () => number): string {
  let key = SDK_KEY_PREFIX;
  const limit = 256 - (256 % SDK_KEY_ALPHABET.length);
  while (key.length < SDK_KEY_PREFIX.length + SDK_KEY_RANDOM_LENGTH) {
    const byte = nextByte();
    if (byte < limit) key += SDK_KEY_ALPHABET[byte % SDK_KEY_ALPHABET.length];
  }
  return key;
}
