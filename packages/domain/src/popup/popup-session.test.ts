import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodePopupSession, encodePopupSession, type PopupSession } from './popup-session';

/** The encoding as it was first written: UTF-8, base64, made URL-safe, unpadded. */
const reference = (session: PopupSession) => {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(session))) binary += String.fromCharCode(byte);
  return `liveops=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
};

const sessions = fc.record({
  v: fc.constant(1 as const),
  api: fc.constantFrom('https://dash.example/v1', 'http://127.0.0.1:3000/v1'),
  token: fc.string({ maxLength: 300 }),
  configId: fc.string({ minLength: 1, maxLength: 128, unit: 'grapheme' }),
  day: fc.integer({ min: 1, max: 7 }),
  streak: fc.integer({ min: 0, max: 1000 }),
  claimable: fc.boolean(),
  nextClaimAt: fc.constantFrom(null, '2026-11-28T00:00:00.000Z'),
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the popup session in a page address', () => {
  it('encodes as it always did, with Node’s Buffer and without one, and decodes back (property)', async () => {
    vi.stubGlobal('Buffer', undefined);
    vi.resetModules();
    const portable = await import('./popup-session');
    fc.assert(
      fc.property(sessions, (session) => {
        const encoded = encodePopupSession(session);
        expect(encoded).toBe(reference(session));
        expect(portable.encodePopupSession(session)).toBe(encoded);
        const decoded = decodePopupSession(`#${encoded}`);
        if (decoded) expect(decoded).toEqual(session);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips text beyond Latin-1', () => {
    const session: PopupSession = {
      v: 1,
      api: 'https://dash.example/v1',
      token: 'v1.abc.def',
      configId: 'daily-é€😀',
      day: 3,
      streak: 2,
      claimable: false,
      nextClaimAt: '2026-11-28T00:00:00.000Z',
    };
    expect(decodePopupSession(`#${encodePopupSession(session)}`)).toEqual(session);
  });
});
