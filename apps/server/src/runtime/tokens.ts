import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { PLAYER_SIGNATURE_MAX_TTL_SECONDS, SERVER_SIGNATURE_TOLERANCE_SECONDS } from '@liveops/domain/runtime-api';
import { BoundedCache } from '../cache/bounded-cache';

/**
 * The runtime's tokens (decision 034): `v1.<payload>.<signature>`, the payload base64url JSON and the signature
 * an HMAC-SHA256 over `v1.<payload>` with a key derived from the server's auth secret. Verifying one reads no
 * database; the caller checks the key tag against the game's current SDK key.
 */
export type PlayerTokenClaims = {
  /** 'player': any call of the player; 'popup': only the claim of config `c`. */
  t: 'player' | 'popup';
  /** Game id. */
  g: string;
  /** Our player row id. */
  p: string;
  /** Tag of the game's SDK key when the token was made: a rotated key ends every token of the game. */
  k: string;
  /** Expiry, Unix seconds. */
  e: number;
  /** The config a popup token may claim. */
  c?: string;
  /** The player's time zone when the token was made (a claim needs no read for it). */
  z?: string;
  /** A test player's id for the game (decision 040): their clock offset is found by it. */
  i?: string;
};

const PREFIX = 'v1.';
const TOKEN_MAX_CHARS = 1024;

export type TokenSigner = {
  sign: (claims: PlayerTokenClaims) => string;
  /** The claims of a well-formed, correctly signed, unexpired token, else null. */
  verify: (token: string, nowMs: number) => PlayerTokenClaims | null;
};

/** Tokens met lately (player tokens signed here, any token verified), with their claims. */
const KNOWN_TOKENS = 50_000;

export function createTokenSigner(authSecret: string): TokenSigner {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'liveops', 'runtime player tokens v1', 32));
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  // A player's calls follow their session within minutes: a token met before is not verified again (its expiry is).
  // Only a token this signer made or whose signature it checked goes in, so a forged one never matches.
  const known = new BoundedCache<string, PlayerTokenClaims>({ capacity: KNOWN_TOKENS });
  const remember = (token: string, claims: PlayerTokenClaims) => known.set(token, claims);
  return {
    sign: (claims) => {
      const body = `${PREFIX}${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      const token = `${body}.${mac(body).toString('base64url')}`;
      // A player token is used right after it is made; a popup token (one a config at every list) rarely, and
      // remembered here it would push players' tokens out: it is remembered when first verified.
      if (claims.t === 'player') remember(token, Object.freeze({ ...claims }));
      return token;
    },
    verify: (token, nowMs) => {
      const met = known.get(token);
      if (met) return met.e * 1000 <= nowMs ? null : met;
      if (token.length > TOKEN_MAX_CHARS || !token.startsWith(PREFIX)) return null;
      const dot = token.lastIndexOf('.');
      if (dot <= PREFIX.length) return null;
      const body = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(body);
      // The signature first: nothing of an unsigned payload is read.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(body.slice(PREFIX.length), 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!isClaims(claims) || claims.e * 1000 <= nowMs) return null;
      remember(token, Object.freeze(claims));
      return claims;
    },
  };
}

function isClaims(value: unknown): value is PlayerTokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.t === 'player' || v.t === 'popup') &&
    typeof v.g === 'string' &&
    typeof v.p === 'string' &&
    typeof v.k === 'string' &&
    typeof v.e === 'number' &&
    Number.isFinite(v.e) &&
    (v.t === 'player' ? v.c === undefined : typeof v.c === 'string') &&
    (v.z === undefined || (typeof v.z === 'string' && v.z.length <= 64)) &&
    (v.i === undefined || (typeof v.i === 'string' && v.i.length <= 128))
  );
}

/** A short tag of an SDK key: tokens carry it, so a rotated key no longer matches theirs. */
export function sdkKeyTag(sdkKey: string): string {
  return createHash('sha256').update(sdkKey).digest('base64url').slice(0, 16);
}

const hexMac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

function equalHex(given: string, expected: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
}

/**
 * A player id signed by the game's backend: `<expiresAt>.<hex HMAC-SHA256("<playerId>.<expiresAt>", secret)>`,
 * expiring in the future and at most PLAYER_SIGNATURE_MAX_TTL_SECONDS ahead.
 */
export function verifyPlayerSignature(signature: string, playerId: string, secret: string, nowMs: number): boolean {
  const match = /^(\d{1,12})\.([0-9a-fA-F]{64})$/.exec(signature);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  const now = nowMs / 1000;
  if (expiresAt <= now || expiresAt > now + PLAYER_SIGNATURE_MAX_TTL_SECONDS) return false;
  return equalHex(match[2]!, hexMac(secret, `${playerId}.${match[1]}`));
}

/** What a game's backend sends to sign a player id (docs and tests). */
export function signPlayerId(playerId: string, secret: string, expiresAtSeconds: number): string {
  return `${expiresAtSeconds}.${hexMac(secret, `${playerId}.${expiresAtSeconds}`)}`;
}

/**
 * A server-to-server call: `X-LiveOps-Signature` = hex HMAC-SHA256 of
 * `<timestamp>.<METHOD>.<path>.<Idempotency-Key>.<body>` with the game's server secret, the timestamp (Unix seconds)
 * within SERVER_SIGNATURE_TOLERANCE_SECONDS of the server's. The key is signed (decision 057): a captured call
 * cannot be sent again under a new key, and the server refuses a signature it has seen (server-signatures.ts).
 */
export function verifyServerSignature(
  request: { timestamp: string; signature: string; method: string; path: string; idempotencyKey: string; body: string },
  secret: string,
  nowMs: number,
): boolean {
  if (!/^\d{1,12}$/.test(request.timestamp)) return false;
  if (Math.abs(Number(request.timestamp) - nowMs / 1000) > SERVER_SIGNATURE_TOLERANCE_SECONDS) return false;
  return equalHex(request.signature, hexMac(secret, serverSigningText(request)));
}

export function signServerRequest(
  request: { timestamp: number; method: string; path: string; idempotencyKey: string; body: string },
  secret: string,
): string {
  return hexMac(secret, serverSigningText({ ...request, timestamp: String(request.timestamp) }));
}

const serverSigningText = (request: {
  timestamp: string;
  method: string;
  path: string;
  idempotencyKey: string;
  body: string;
}) => `${request.timestamp}.${request.method.toUpperCase()}.${request.path}.${request.idempotencyKey}.${request.body}`;
