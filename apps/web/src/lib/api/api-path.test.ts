import { describe, expect, it } from 'vitest';
import { apiPath } from './api-path';
import { apiRoutes } from './api-routes';
import { betterAuthPath } from './better-auth-path';

describe('apiPath', () => {
  it('names a route without params under /api', () => {
    expect(apiRoutes.games.$path()).toBe('/api/games');
  });

  it('fills in each param percent-encoded', () => {
    expect(apiPath(apiRoutes.games[':gameId'].items[':itemId'], { gameId: 'g/1', itemId: 'a b?' })).toBe(
      '/api/games/g%2F1/items/a%20b%3F',
    );
  });

  it('adds the query when it has one, and nothing when it is empty', () => {
    const route = apiRoutes.games[':gameId'].analytics;
    expect(apiPath(route, { gameId: 'g1' }, new URLSearchParams({ from: '2026-01-01' }))).toBe(
      '/api/games/g1/analytics?from=2026-01-01',
    );
    expect(apiPath(route, { gameId: 'g1' }, new URLSearchParams())).toBe('/api/games/g1/analytics');
  });

  it('names a Better Auth endpoint behind the /api/auth wildcard', () => {
    expect(betterAuthPath('sign-out')).toBe('/api/auth/sign-out');
  });
});
