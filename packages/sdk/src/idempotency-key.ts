let counter = 0;

/**
 * A new Idempotency-Key: a random UUID (v4) from the platform's crypto: `randomUUID` where there is one (browsers
 * offer it only on https and localhost), else from `getRandomValues`. React Native has neither without a
 * polyfill (react-native-get-random-values): there the key is made unique from the time and a counter, which is
 * enough for one player's claims (keys are only compared within a player) but not unguessable; a game that
 * cares passes its own key to `claim`.
 */
export function newIdempotencyKey(): string {
  const crypto = (globalThis as { crypto?: Partial<Crypto> }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto?.getRandomValues === 'function') {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
    bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  counter += 1;
  const fine = typeof performance === 'object' && typeof performance.now === 'function' ? performance.now() : 0;
  return `t-${Date.now().toString(36)}-${Math.floor(fine * 1000).toString(36)}-${counter.toString(36)}`;
}
