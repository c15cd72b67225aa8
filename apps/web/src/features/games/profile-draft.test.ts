import { describe, expect, it } from 'vitest';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { draftOf, profileChanges, profileDraftSchema, profileSaveInput, saveLabelOf } from './profile-draft';
import { aGame } from '../../test/game';

const game = aGame({ platforms: ['Android', 'iOS'] });

describe('profileChanges', () => {
  it('sees no change in the stored game, nor in what the server would store the same', () => {
    const none = { details: false, orientation: false, theme: false };
    expect(profileChanges(draftOf(game), game)).toEqual(none);
    const same = {
      ...draftOf(game),
      name: ' Star Miner ',
      platforms: ['iOS', 'Android'] as const,
      primaryColor: 'ffe16d',
    };
    expect(profileChanges({ ...same, platforms: [...same.platforms] }, game)).toEqual(none);
  });

  it('names each part changed: the details, the orientation, the theme (a colour that is not one yet included)', () => {
    expect(profileChanges({ ...draftOf(game), description: 'Dig deeper' }, game)).toEqual({
      details: true,
      orientation: false,
      theme: false,
    });
    expect(profileChanges({ ...draftOf(game), orientation: 'landscape', secondaryColor: 'navy' }, game)).toEqual({
      details: false,
      orientation: true,
      theme: true,
    });
  });
});

describe('saveLabelOf', () => {
  it('reads "Update Theme" where the theme alone changed and "Update" for anything else', () => {
    expect(saveLabelOf({ details: false, orientation: false, theme: true })).toBe(GAME_MESSAGES.saveButtonTheme);
    expect(saveLabelOf({ details: false, orientation: true, theme: true })).toBe(GAME_MESSAGES.saveButtonDirty);
    expect(saveLabelOf({ details: true, orientation: false, theme: false })).toBe(GAME_MESSAGES.saveButtonDirty);
    expect(saveLabelOf({ details: false, orientation: true, theme: false })).toBe('Update');
  });
});

describe('profileSaveInput', () => {
  it('sends only what changed, the details together and the colours as stored', () => {
    const draft = {
      ...draftOf(game),
      platforms: ['Web' as const],
      orientation: 'landscape' as const,
      primaryColor: ' abc',
    };
    const checked = profileDraftSchema.parse(draft);
    expect(profileSaveInput(checked, profileChanges(draft, game))).toEqual({
      name: 'Star Miner',
      description: 'Dig for stars',
      platforms: ['Web'],
      orientation: 'landscape',
      theme: { primaryColor: '#AABBCC', secondaryColor: '#021031' },
    });
    const themeOnly = { ...draftOf(game), secondaryColor: '#000000' };
    expect(profileSaveInput(profileDraftSchema.parse(themeOnly), profileChanges(themeOnly, game))).toEqual({
      theme: { primaryColor: '#FFE16D', secondaryColor: '#000000' },
    });
    expect(profileSaveInput(profileDraftSchema.parse(draftOf(game)), profileChanges(draftOf(game), game))).toBeNull();
  });

  it('refuses a draft the server would refuse, saying why under the field', () => {
    const refused = profileDraftSchema.safeParse({ ...draftOf(game), name: ' ', orientation: '', primaryColor: 'red' });
    const messages = Object.fromEntries((refused.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      name: GAME_MESSAGES.nameRequired,
      orientation: GAME_MESSAGES.orientationInvalid,
      primaryColor: GAME_MESSAGES.colorInvalid,
    });
  });
});
