import { decodePopupSession, encodePopupSession } from '@liveops/domain/published';
import { afterEach, describe, expect, it } from 'vitest';
import { claimedSession, recallClaim, rememberClaim } from './remember-claim';
import { SESSION } from './test-session';

const NOW = Date.parse('2030-01-01T19:00:00.000Z');
const CLAIMED = { day: 3, streak: 3, nextClaimAt: '2030-01-02T00:00:00.000Z' };
const PAGE = 'https://cdn.example/packs/g/releases/4/daily_rewards/week/daily_rewards.html';

/** The page as a popupUrl opens it: today's day and streak in the query, the session in the fragment. */
function openAt(session = SESSION) {
  window.history.replaceState(
    null,
    '',
    `${PAGE.replace('https://cdn.example', '')}?todayIndex=3&streak=2#${encodePopupSession(session)}`,
  );
}

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('rememberClaim and recallClaim (a reloaded popup shows today claimed)', () => {
  it('rewrites the page’s own address, so a reload reads today claimed with the new streak', () => {
    openAt();
    rememberClaim(window, SESSION, CLAIMED, NOW);
    const reloaded = decodePopupSession(window.location.hash);
    expect(reloaded).toEqual({ ...SESSION, day: 3, streak: 3, claimable: false, nextClaimAt: CLAIMED.nextClaimAt });
    expect(new URLSearchParams(window.location.search).get('streak')).toBe('3');
    expect(new URLSearchParams(window.location.search).get('todayIndex')).toBe('3');
  });

  it('keeps the claim for the same popupUrl opened again, until the next claim opens', () => {
    openAt();
    rememberClaim(window, SESSION, CLAIMED, NOW);
    // The game opens the very address it was given again: the original session, still claimable.
    expect(recallClaim(window, SESSION, NOW + 60_000)).toEqual(claimedSession(SESSION, CLAIMED));
    // Once the next day has come, the address's own state stands (the runtime decides at the tap).
    expect(recallClaim(window, SESSION, Date.parse(CLAIMED.nextClaimAt))).toEqual(SESSION);
  });

  it('recalls nothing for a newer state offered with the same token (a next day or a reset within the second)', () => {
    openAt();
    rememberClaim(window, SESSION, CLAIMED, NOW);
    const nextDay = { ...SESSION, day: SESSION.day + 1, streak: CLAIMED.streak };
    expect(recallClaim(window, nextDay, NOW + 1000)).toEqual(nextDay);
    const reset = { ...SESSION, day: 1, streak: 0 };
    expect(recallClaim(window, reset, NOW + 1000)).toEqual(reset);
  });

  it('recalls nothing for another popup address (a new token), or another config', () => {
    openAt();
    rememberClaim(window, SESSION, CLAIMED, NOW);
    const another = { ...SESSION, token: 'v1.payload.another' };
    expect(recallClaim(window, another, NOW)).toEqual(another);
    expect(recallClaim(window, { ...SESSION, configId: 'month' }, NOW)).toEqual({ ...SESSION, configId: 'month' });
  });

  it('drops what it kept a day ago, and never throws without storage', () => {
    openAt();
    rememberClaim(window, { ...SESSION, token: 'v1.old.sig-old' }, { ...CLAIMED, nextClaimAt: null }, NOW);
    rememberClaim(window, SESSION, CLAIMED, NOW + 25 * 60 * 60 * 1000);
    expect(Object.keys(window.localStorage)).toEqual(['liveops-claimed:signature']);
    const storage = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new Error('SecurityError');
      },
    });
    try {
      expect(() => rememberClaim(window, SESSION, CLAIMED, NOW)).not.toThrow();
      expect(recallClaim(window, SESSION, NOW)).toEqual(SESSION);
    } finally {
      Object.defineProperty(window, 'localStorage', storage);
    }
  });
});
