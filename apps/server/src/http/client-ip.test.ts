import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../env';
import { clientAddress, normalizeAddress, parseTrustProxy } from './client-ip';

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count and a list of proxy addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual({
      proxies: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'],
    });
  });

  it('refuses anything else at start-up, naming the variable', () => {
    for (const value of ['yes', '11', '10.0.0.0/33', '10.0.0.1,', 'fd00::/129', '10.0.0.0/8/1', 'localhost']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(typeof parseTrustProxy(value), value).toBe('string');
    }
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be true, false/);
  });
});

describe('the client address', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '1.1.1.1', { hops: 0 })).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, { hops: 0 })).toBe('203.0.113.9');
  });

  it('behind one proxy is the entry that proxy appended, never one the client wrote', () => {
    // nginx's $proxy_add_x_forwarded_for: what the client sent, then the address nginx saw.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9', { hops: 1 })).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '6.6.6.6,7.7.7.7,203.0.113.9', { hops: 1 })).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '203.0.113.9', { hops: 1 })).toBe('203.0.113.9');
    // A proxy that sent no header: the socket.
    expect(clientAddress('127.0.0.1', undefined, { hops: 1 })).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', ' , ', { hops: 1 })).toBe('127.0.0.1');
  });

  it('behind two proxies is the entry the outer one appended', () => {
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1', { hops: 2 })).toBe('203.0.113.9');
    // Fewer entries than hops: the furthest there is.
    expect(clientAddress('10.0.0.2', '203.0.113.9', { hops: 2 })).toBe('203.0.113.9');
  });

  it('with trusted proxy addresses is the first untrusted address from the right', () => {
    const trust = { proxies: ['10.0.0.0/8', '127.0.0.1'] };
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.2.3', trust)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:10.9.9.9', '6.6.6.6, 203.0.113.9', trust)).toBe('203.0.113.9');
    // A request that did not come through a trusted proxy: its own socket, X-Forwarded-For unread.
    expect(clientAddress('198.51.100.7', '6.6.6.6', trust)).toBe('198.51.100.7');
    // Every hop trusted: the furthest.
    expect(clientAddress('127.0.0.1', '10.0.0.5', trust)).toBe('10.0.0.5');
    expect(clientAddress('2001:db8::1', '6.6.6.6', { proxies: ['2001:db8::/32'] })).toBe('6.6.6.6');
  });

  it('falls back to the socket when the chosen entry is not an address, so garbage never escapes a limit', () => {
    expect(clientAddress('127.0.0.1', '6.6.6.6, not-an-ip', { hops: 1 })).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'unknown', { proxies: ['127.0.0.1'] })).toBe('127.0.0.1');
  });

  it('drops ports and IPv4 mapping from entries', () => {
    expect(normalizeAddress('203.0.113.9:5678')).toBe('203.0.113.9');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeAddress('999.1.1.1')).toBeNull();
    expect(normalizeAddress('')).toBeNull();
  });
});
