import { describe, expect, it } from 'vitest';
import { createLastClaims } from './last-claims';

const claim = (seq: number) => ({ seq, dayKey: seq, cycleDay: 1, streak: 1, claimedAt: seq });

describe('last claims known to an instance', () => {
  it('answers what was set, forgets on request, and expires after ten minutes', () => {
    const known = createLastClaims();
    expect(known.get('p1', 'c1', 0)).toBeUndefined();
    known.set('p1', 'c1', null, 0);
    known.set('p1', 'c2', claim(3), 0);
    expect(known.get('p1', 'c1', 1)).toBeNull();
    expect(known.get('p1', 'c2', 1)).toEqual(claim(3));
    known.forget('p1', 'c2');
    expect(known.get('p1', 'c2', 1)).toBeUndefined();
    expect(known.get('p1', 'c1', 10 * 60_000)).toBeUndefined();
  });

  it('keeps at most its bound, always the latest entries, and a set replaces an older value', () => {
    const known = createLastClaims(100);
    for (let n = 0; n < 10_000; n++) known.set(`p${n}`, 'c', claim(n), 0);
    // The 50 latest are always there; nothing older than the bound is.
    for (let n = 9_950; n < 10_000; n++) expect(known.get(`p${n}`, 'c', 1)).toEqual(claim(n));
    for (let n = 0; n < 9_900; n++) expect(known.get(`p${n}`, 'c', 1)).toBeUndefined();
    // A value set again is the new one, and outlives a generation's turn.
    known.set('p9950', 'c', claim(1), 0);
    for (let n = 0; n < 30; n++) known.set(`q${n}`, 'c', null, 0);
    expect(known.get('p9950', 'c', 1)).toEqual(claim(1));
    expect(known.get('q0', 'c', 1)).toBeNull();
  });
});

describe('a player known at once (a session)', () => {
  it('knows every config without a claim as unclaimed, those with one as theirs, until ten minutes pass', () => {
    const known = createLastClaims();
    known.setPlayer('p1', new Map([['c2', claim(4)]]), 0);
    expect(known.get('p1', 'any-config', 1)).toBeNull();
    expect(known.get('p1', 'c2', 1)).toEqual(claim(4));
    expect(known.get('p2', 'c2', 1)).toBeUndefined();
    expect(known.get('p1', 'any-config', 10 * 60_000)).toBeUndefined();
    expect(known.get('p1', 'c2', 10 * 60_000)).toBeUndefined();
  });

  it('forgets one config (unknown, not "no claim") and learns it again from a set', () => {
    const known = createLastClaims();
    known.setPlayer('p1', new Map(), 0);
    known.forget('p1', 'c1');
    expect(known.get('p1', 'c1', 1)).toBeUndefined();
    expect(known.get('p1', 'c2', 1)).toBeNull();
    known.set('p1', 'c1', claim(2), 1);
    expect(known.get('p1', 'c1', 2)).toEqual(claim(2));
    // A later session replaces everything known of the player.
    known.setPlayer('p1', new Map([['c3', claim(9)]]), 3);
    expect(known.get('p1', 'c1', 4)).toBeNull();
    expect(known.get('p1', 'c3', 4)).toEqual(claim(9));
  });

  it('bounds players, not configs: a game of twenty configs keeps as many players as a game of one', () => {
    const known = createLastClaims(100);
    for (let n = 0; n < 50; n++) known.setPlayer(`p${n}`, new Map(), 0);
    for (let n = 0; n < 50; n++) for (let c = 0; c < 20; c++) known.set(`p${n}`, `c${c}`, claim(c), 0);
    for (let n = 0; n < 50; n++) expect(known.get(`p${n}`, 'c19', 1)).toEqual(claim(19));
  });
});
