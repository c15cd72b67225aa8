import { describe, expect, it } from 'vitest';
import { createTokenSigner, type PlayerTokenClaims } from './tokens';

const SECRET = 's'.repeat(40);
const claims: PlayerTokenClaims = { t: 'player', g: 'game-1', p: 'player-1', k: 'tag', e: 2_000_000_000 };
const before = 1_999_999_000_000;

describe('runtime tokens', () => {
  it('verifies what it signed, by memory and, on another instance, by the signature', () => {
    const token = createTokenSigner(SECRET).sign(claims);
    expect(createTokenSigner(SECRET).verify(token, before)).toEqual(claims);
    const signer = createTokenSigner(SECRET);
    const signed = signer.sign(claims);
    expect(signer.verify(signed, before)).toEqual(claims);
    expect(signer.verify(signed, before)).toEqual(claims);
  });

  it('refuses a known token once expired, and never trusts memory for another token', () => {
    const signer = createTokenSigner(SECRET);
    const token = signer.sign(claims);
    expect(signer.verify(token, before)).not.toBeNull();
    expect(signer.verify(token, claims.e * 1000)).toBeNull();
    // Same claims, another secret: not this signer's, though its twin is remembered.
    const forged = createTokenSigner('x'.repeat(40)).sign(claims);
    expect(signer.verify(forged, before)).toBeNull();
    const [body] = token.split('.').slice(0, 2).join('.').split('|');
    expect(signer.verify(`${body}.${'A'.repeat(43)}`, before)).toBeNull();
  });

  it('keeps verifying after its memory has turned over many times', () => {
    const signer = createTokenSigner(SECRET);
    const first = signer.sign(claims);
    for (let n = 0; n < 60_000; n++) signer.sign({ ...claims, p: `player-${n}` });
    expect(signer.verify(first, before)).toEqual(claims);
  });
});
