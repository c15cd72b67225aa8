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
