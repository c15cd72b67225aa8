import { describe, expect, it } from 'vitest';
import {
  CreateGameInputSchema,
  GAME_MESSAGES,
  sdkKeyFromRandom,
  SDK_KEY_PATTERN,
  UpdateGameInputSchema,
  UpdateThemeInputSchema,
} from './game';

const valid = { name: 'Star Miner', description: 'Dig for stars', platforms: ['iOS', 'Android'] };
function firstMessage(input: unknown) {
  const result = CreateGameInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('CreateGameInputSchema', () => {
  it('defaults orientation to portrait and orders platforms as the list does', () => {
    const parsed = CreateGameInputSchema.parse(valid);
    expect(parsed.orientation).toBe('portrait');
    expect(parsed.platforms).toEqual(['Android', 'iOS']);
  });
  it('requires a name and a description', () => {
    expect(firstMessage({ ...valid, name: '  ' })).toBe(GAME_MESSAGES.nameRequired);
    expect(firstMessage({ ...valid, description: '' })).toBe(GAME_MESSAGES.descriptionRequired);
  });
  it('asks for at least one platform', () => {
    expect(firstMessage({ ...valid, platforms: [] })).toBe('Please select at least one platform.');
    expect(firstMessage({ name: 'a', description: 'b' })).toBe('Please select at least one platform.');
  });
  it('refuses unknown platforms, other orientations and 10 KB texts', () => {
    expect(firstMessage({ ...valid, platforms: ['PlayStation'] })).toBe(GAME_MESSAGES.platformUnknown);
    expect(firstMessage({ ...valid, orientation: 'Portrait' })).toBe(GAME_MESSAGES.orientationInvalid);
    expect(firstMessage({ ...valid, name: 'x'.repeat(10_240) })).toBe(GAME_MESSAGES.nameTooLong);
    expect(firstMessage({ ...valid, description: 'x'.repeat(10_240) })).toBe(GAME_MESSAGES.descriptionTooLong);
  });
  it('refuses duplicate platforms beyond the five', () => {
    expect(CreateGameInputSchema.safeParse({ ...valid, platforms: Array(6).fill('iOS') }).success).toBe(false);
  });
});

describe('UpdateThemeInputSchema', () => {
  it('accepts hex colours and normalises their case', () => {
    expect(
      UpdateThemeInputSchema.parse({ theme: { primaryColor: '#aabbcc', secondaryColor: '#001122' } }).theme,
    ).toEqual({
      primaryColor: '#AABBCC',
      secondaryColor: '#001122',
    });
  });
  it('refuses what is not a colour', () => {
    for (const bad of ['red', '#12345', '#1234567', 'javascript:alert(1)', 42]) {
      expect(
        UpdateThemeInputSchema.safeParse({ theme: { primaryColor: bad, secondaryColor: '#000000' } }).success,
      ).toBe(false);
    }
  });
});

describe('sdkKeyFromRandom', () => {
  it('makes CSDK- plus 16 letters and digits', () => {
    let i = 0;
    const key = sdkKeyFromRandom(() => (i++ * 37) % 256);
    expect(key).toMatch(SDK_KEY_PATTERN);
  });
  it('skips bytes that would bias the alphabet', () => {
    const bytes = [255, 254, 248, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    let i = 0;
    expect(sdkKeyFromRandom(() => bytes[i++] ?? 0)).toBe('CSDK-ABCDEFGHIJKLMNOP');
  });
});

describe('UpdateGameInputSchema', () => {
  const first = (input: unknown) => UpdateGameInputSchema.safeParse(input).error?.issues[0]?.message;
  it('takes the details together, the signed player ids switch alone, or both', () => {
    expect(UpdateGameInputSchema.parse(valid)).toEqual({ ...valid, platforms: ['Android', 'iOS'] });
    expect(UpdateGameInputSchema.parse({ requireSignedPlayerIds: true })).toEqual({ requireSignedPlayerIds: true });
    expect(UpdateGameInputSchema.parse({ ...valid, requireSignedPlayerIds: false }).requireSignedPlayerIds).toBe(false);
  });
  it('takes the orientation and the theme alone or with the details, as the profile saves them together', () => {
    const theme = { primaryColor: '#aabbcc', secondaryColor: '#001122' };
    expect(UpdateGameInputSchema.parse({ orientation: 'landscape' })).toEqual({ orientation: 'landscape' });
    expect(UpdateGameInputSchema.parse({ theme }).theme).toEqual({
      primaryColor: '#AABBCC',
      secondaryColor: '#001122',
    });
    expect(UpdateGameInputSchema.parse({ ...valid, orientation: 'portrait', theme })).toMatchObject({
      name: valid.name,
      orientation: 'portrait',
      theme: { primaryColor: '#AABBCC' },
    });
  });
  it('refuses an orientation outside the two, a theme that is not two colours, and details in part beside them', () => {
    expect(first({ orientation: 'Portrait' })).toBe(GAME_MESSAGES.orientationInvalid);
    expect(first({ theme: 'dark' })).toBe(GAME_MESSAGES.colorInvalid);
    expect(first({ theme: { primaryColor: 'red', secondaryColor: '#000000' } })).toBe(GAME_MESSAGES.colorInvalid);
    expect(first({ theme: { primaryColor: '#000000' } })).toBe(GAME_MESSAGES.colorInvalid);
    expect(first({ name: 'Only a name', orientation: 'landscape' })).toBe(GAME_MESSAGES.descriptionRequired);
  });
  it('refuses an empty update, details in part, and a switch that is not true or false', () => {
    expect(first({})).toBe(GAME_MESSAGES.updateEmpty);
    expect(first({ name: 'Only a name' })).toBe(GAME_MESSAGES.descriptionRequired);
    expect(first({ name: 'A', description: 'B', requireSignedPlayerIds: true })).toBe(GAME_MESSAGES.platformRequired);
    for (const bad of ['true', 1, null]) {
      expect(first({ requireSignedPlayerIds: bad })).toBe(GAME_MESSAGES.requireSignedPlayerIdsInvalid);
    }
  });
});
