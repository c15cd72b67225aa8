import { describe, expect, it } from 'vitest';
import { checkEmbedConfig } from './embed-config-check';
import { PUBLISHED_ERROR_CODES, PUBLISHED_MESSAGES, publishedClaim, publishedErrorText } from './published-page';

const config = checkEmbedConfig({
  id: 'week-one',
  name: 'Week One',
  rewards: [1, 2, 3, 4, 5, 6].map((day) => ({ day, packId: day === 3 ? 'gems' : 'gold' })),
  packs: [
    { id: 'gold', name: 'Gold', value: 1, amount: 100 },
    { id: 'gems', name: 'Gems', value: 5, contents: [{ itemId: 'gem', quantity: 5 }] },
  ],
})!;

describe('publishedClaim', () => {
  it("names today's day after the streak, its pack id and the pack as the config has it", () => {
    expect(publishedClaim(config, { streak: 2 })).toEqual({
      configId: 'week-one',
      day: 3,
      packId: 'gems',
      pack: config.packs[1],
    });
  });

  it('follows todayIndex, wrapping past the cycle, over the streak', () => {
    expect(publishedClaim(config, { streak: 5, todayIndex: 8 })).toMatchObject({ day: 1, packId: 'gold' });
  });

  it('claims a day without a pack as null, and a config without an id as configId null', () => {
    const { id: _id, ...withoutId } = config;
    expect(publishedClaim(withoutId, { streak: 6 })).toEqual({ configId: null, day: 7, packId: null, pack: null });
  });
});

describe('publishedErrorText', () => {
  it('says what went wrong, with the status only when config.json answered one other than 404', () => {
    expect(publishedErrorText(PUBLISHED_ERROR_CODES.notFound)).toBe('Its config.json was not found (404).');
    expect(publishedErrorText(PUBLISHED_ERROR_CODES.unreadable, 503)).toBe(
      'Its config.json could not be read (HTTP 503).',
    );
    expect(publishedErrorText(PUBLISHED_ERROR_CODES.unreadable)).toBe(PUBLISHED_MESSAGES.config_unreadable);
    expect(publishedErrorText(PUBLISHED_ERROR_CODES.invalid, 200)).toBe(PUBLISHED_MESSAGES.config_invalid);
  });
});
