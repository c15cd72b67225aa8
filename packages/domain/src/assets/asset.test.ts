import { describe, expect, it } from 'vitest';
import {
  ASSET_MAX_ENCODED_CHARS,
  ASSET_MESSAGES,
  AssetFieldsSchema,
  assetDeleteConfirmation,
  assetDocumentId,
  encodedAssetLength,
  isWithinAssetLimit,
  randomAssetId,
  sniffImageType,
} from './asset';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const text = (s: string) => new TextEncoder().encode(s);

describe('asset fields', () => {
  const first = (input: unknown) => {
    const r = AssetFieldsSchema.safeParse(input);
    return r.success ? undefined : r.error.issues[0]?.message;
  };
  it('requires a name and an ID with the spec messages', () => {
    expect(first({ name: '', assetId: 'abc' })).toBe('Asset name is required.');
    expect(first({ name: 'Coin', assetId: '' })).toBe('Asset ID is required.');
    expect(first({})).toBe('Asset name is required.');
  });
  it('refuses IDs with slashes, dots or spaces, and 10 KB names', () => {
    for (const id of ['../etc', 'a/b', 'a.b', 'a b', 'x'.repeat(65)])
      expect(first({ name: 'Coin', assetId: id })).toBe(ASSET_MESSAGES.idInvalid);
    expect(first({ name: 'x'.repeat(10_240), assetId: 'abc' })).toBe(ASSET_MESSAGES.nameTooLong);
  });
  it('accepts a generated slug', () => {
    let n = 0;
    const id = randomAssetId((size) => Uint8Array.from({ length: size }, () => n++ % 256));
    expect(id).toMatch(/^[a-z0-9]{8}$/);
    expect(first({ name: 'Coin', assetId: id })).toBeUndefined();
  });
});

describe('the encoded size limit', () => {
  it('counts the data URL as the spec does', () => {
    expect(encodedAssetLength('image/png', 3)).toBe('data:image/png;base64,'.length + 4);
  });
  it('allows a file right at the limit and refuses one byte more', () => {
    const prefix = 'data:image/png;base64,'.length;
    const maxBytes = Math.floor((ASSET_MAX_ENCODED_CHARS - prefix) / 4) * 3;
    expect(isWithinAssetLimit('image/png', maxBytes)).toBe(true);
    expect(isWithinAssetLimit('image/png', maxBytes + 1)).toBe(false);
  });
});

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP by their signatures', () => {
    expect(sniffImageType(PNG)).toEqual({ ok: true, type: 'image/png' });
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ok: true, type: 'image/jpeg' });
    expect(sniffImageType(text('GIF89a....'))).toEqual({ ok: true, type: 'image/gif' });
    expect(sniffImageType(text('RIFF\0\0\0\0WEBPVP8 '))).toEqual({ ok: true, type: 'image/webp' });
  });
  it('refuses SVG with its own message, and text renamed to .png', () => {
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      ok: false,
      message: ASSET_MESSAGES.svgRefused,
    });
    expect(sniffImageType(text('<?xml version="1.0"?>\n<svg/>'))).toEqual({
      ok: false,
      message: ASSET_MESSAGES.svgRefused,
    });
    expect(sniffImageType(text('hello, I am a text file'))).toEqual({ ok: false, message: ASSET_MESSAGES.notAnImage });
    expect(sniffImageType(new Uint8Array())).toEqual({ ok: false, message: ASSET_MESSAGES.notAnImage });
  });
});

describe('asset texts and ids', () => {
  it('joins the document id with an underscore and quotes the name in the confirmation', () => {
    expect(assetDocumentId('g1', 'coin')).toBe('g1_coin');
    expect(assetDeleteConfirmation('Gold coin')).toBe('Delete asset "Gold coin"?');
  });
});
