import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from '../config/paths';
import { routes } from './router';

/** The innermost route a path reaches, and its parameters. */
function leaf(path: string) {
  const match = matchRoutes(routes, path)?.at(-1);
  return { path: match?.route.path, index: match?.route.index === true, params: match?.params };
}

describe('routes', () => {
  it("sends each workspace tab's path to that tab, with the game's id", () => {
    for (const tab of [
      'emulator',
      'assets',
      'segments',
      'inventory',
      'offers',
      'events',
      'daily-rewards',
      'analytics',
      'players',
    ] as const) {
      expect(leaf(paths.game('g1', tab))).toMatchObject({ path: routePatterns.game(tab), params: { gameId: 'g1' } });
    }
  });

  it('opens the profile at the game path itself and at any path the workspace does not know', () => {
    expect(leaf(paths.game('g1'))).toMatchObject({ index: true, params: { gameId: 'g1' } });
    expect(leaf(`${paths.game('g1')}/unknown`)).toMatchObject({ path: '*', params: { gameId: 'g1' } });
  });

  it('opens one segment with its id', () => {
    expect(leaf(paths.segment('g1', 's1'))).toMatchObject({
      path: routePatterns.segment,
      params: { gameId: 'g1', segmentId: 's1' },
    });
  });

  it('has a page for the sign-in paths, the dashboard and the first game', () => {
    for (const path of [
      paths.login(),
      paths.verified(),
      paths.forgotPassword(),
      paths.resetPassword(),
      paths.account(),
      paths.team(),
      paths.dashboard(),
      paths.firstGame(),
    ]) {
      expect(leaf(path).path).toBe(path);
    }
  });

  it("opens an invitation's link outside the sign-in guard, so it works signed out", () => {
    const match = matchRoutes(routes, paths.invitation('abc_DEF-1'));
    expect(match?.at(-1)?.route.path).toBe(routePatterns.invitation);
    expect(match?.at(-1)?.params).toEqual({ invitationId: 'abc_DEF-1' });
    // No layout route (the guard is one) stands above it but the root.
    expect(match?.filter((m) => m.route.lazy !== undefined && m.route.path === undefined)).toEqual([]);
  });
});
