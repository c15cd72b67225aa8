import { z } from 'zod';
import { requiredTextSchema } from '../shared/required-text-schema';

/** The image as a base64 data URL may be at most this many characters. */
export const ASSET_MAX_ENCODED_CHARS = 1_024_000;
export const ASSET_ID_LENGTH = 8;
export const ASSET_ID_MAX_LENGTH = 64;
export const ASSET_NAME_MAX_LENGTH = 100;
export const ASSET_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const ASSET_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AssetImageType = (typeof ASSET_IMAGE_TYPES)[number];
/** Raw bytes whose data URL would exceed the limit can be refused before any encoding. */
export const ASSET_UPLOAD_MAX_BYTES = Math.floor(ASSET_MAX_ENCODED_CHARS / 4) * 3;

export const ASSET_MESSAGES = {
  intro: 'Upload and reuse images across features.',
  nameRequired: 'Asset name is required.',
  nameTooLong: `Keep the asset name under ${ASSET_NAME_MAX_LENGTH} characters.`,
  idRequired: 'Asset ID is required.',
  idInvalid: `Asset ID can use letters, digits, - and _ (at most ${ASSET_ID_MAX_LENGTH}).`,
  fileRequired: 'Choose a file to upload.',
  duplicateId: 'An asset with this ID already exists. Pick a different ID.',
  tooLarge: 'Encoded asset is larger than 1MB. Please choose a smaller image.',
  svgRefused: 'SVG images are not accepted. Upload a PNG, JPEG, GIF or WebP image.',
  notAnImage: 'This file is not a PNG, JPEG, GIF or WebP image.',
  loadFailed: 'Failed to load assets. Please try again.',
  mustSignIn: 'You must be signed in to upload assets.',
  selectGame: 'Select a game before uploading assets.',
  uploadFailed: 'Upload failed. Please try again.',
  deleteFailed: 'Delete failed. Please try again.',
  empty: 'No assets yet. Upload your first image above.',
  notFound: 'Asset not found.',
  renameFailed: 'Rename failed. Please try again.',
  replaceFailed: 'Replacing the image failed. Please try again.',
  usedByFailed: 'Failed to load where this asset is used. Please try again.',
  unused: 'Nothing uses this asset yet.',
} as const;

export function assetDeleteConfirmation(name: string): string {
  return `Delete asset "${name}"?`;
}

export const AssetIdSchema = z
  .string({ error: ASSET_MESSAGES.idRequired })
  .trim()
  .min(1, ASSET_MESSAGES.idRequired)
  .max(ASSET_ID_MAX_LENGTH, ASSET_MESSAGES.idInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, ASSET_MESSAGES.idInvalid);

export const AssetFieldsSchema = z.object({
  name: requiredTextSchema(ASSET_NAME_MAX_LENGTH, {
    required: ASSET_MESSAGES.nameRequired,
    tooLong: ASSET_MESSAGES.nameTooLong,
  }),
  assetId: AssetIdSchema,
});
export type AssetFields = z.infer<typeof AssetFieldsSchema>;

/** A rename changes the name only: the asset ID and the stored file stay. */
export const RenameAssetInputSchema = AssetFieldsSchema.pick({ name: true });
export type RenameAssetInput = z.infer<typeof RenameAssetInputSchema>;

/** What references an asset: items and packs by their icon, daily-reward layouts (a config's or a variant's). */
export const AssetUsageSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  packs: z.array(z.object({ id: z.string(), name: z.string() })),
  layouts: z.array(
    z.object({
      configId: z.string(),
      configName: z.string(),
      /** Null for the config's own layout; else the experiment variant whose layout uses it. */
      variant: z.object({ experimentId: z.string(), variantId: z.string(), name: z.string() }).nullable(),
    }),
  ),
});
export type AssetUsage = z.infer<typeof AssetUsageSchema>;

export const AssetSchema = z.object({
  id: z.string(),
  assetId: z.string(),
  gameId: z.string(),
  ownerId: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: z.enum(ASSET_IMAGE_TYPES),
  createdAt: z.number().int(),
  url: z.string(),
});
export type Asset = z.infer<typeof AssetSchema>;

/** The document id is the game id and the asset id joined by an underscore. */
export function assetDocumentId(gameId: string, assetId: string): string {
  return `${gameId}_${assetId}`;
}

/** Length of `data:<type>;base64,<payload>` for a file of this size: what the limit counts. */
export function encodedAssetLength(type: string, bytes: number): number {
  return `data:${type};base64,`.length + Math.ceil(bytes / 3) * 4;
}

export function isWithinAssetLimit(type: string, bytes: number): boolean {
  return encodedAssetLength(type, bytes) <= ASSET_MAX_ENCODED_CHARS;
}

/** A random 8-character slug for the ID field. */
export function randomAssetId(random: (n: number) => Uint8Array): string {
  const limit = 256 - (256 % ASSET_ID_ALPHABET.length);
  let id = '';
  while (id.length < ASSET_ID_LENGTH) {
    for (const byte of random(16)) {
      if (byte < limit && id.length < ASSET_ID_LENGTH) id += ASSET_ID_ALPHABET[byte % ASSET_ID_ALPHABET.length];
    }
  }
  return id;
}

export type SniffResult = { ok: true; type: AssetImageType } | { ok: false; message: string };

/**
 * Decides an image's type from its first bytes, never from what the client claims. SVG (script-capable) is
 * refused with its own message.
 */
export function sniffImageType(bytes: Uint8Array): SniffResult {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b))
    return { ok: true, type: 'image/png' };
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { ok: true, type: 'image/jpeg' };
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return { ok: true, type: 'image/gif' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { ok: true, type: 'image/webp' };
  const head = new TextDecoder().decode(bytes.slice(0, 1024)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) {
    return { ok: false, message: ASSET_MESSAGES.svgRefused };
  }
  return { ok: false, message: ASSET_MESSAGES.notAnImage };
}
