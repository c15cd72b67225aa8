/** The game workspace's tabs that have a path of their own; the game profile is the workspace's own path. */
export type GameTab =
  'emulator' | 'assets' | 'segments' | 'inventory' | 'offers' | 'events' | 'daily-rewards' | 'analytics' | 'players';

/** Why the login page was opened, shown above its card: `?notice=`. */
export type LoginNotice = 'account-deleted';

/**
 * Every address of the app, once: a builder per page for links and redirects. The sign-in app imports this too,
 * so it stays plain strings with no imports.
 */
export const paths = {
  home: () => '/',
  /** With a notice, the login page says why it opened (after deleting the account, say). */
  login: (notice?: LoginNotice) => (notice ? `/login?notice=${notice}` : '/login'),
  verified: () => '/verified',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  /** The signed-in developer's own settings: name, password, devices, deleting the account. */
  account: () => '/account',
  /** Signing out, reached from the Sign out button only (decision 056). */
  signOut: () => '/sign-out',
  dashboard: () => '/dashboard',
  /** The active studio's members, invitations and roles (decision 065). */
  team: () => '/team',
  /** An invitation's emailed link: works signed out too. */
  invitation: (invitationId: string) => `/invitations/${encodeURIComponent(invitationId)}`,
  /** The workspace with no game chosen: it opens the first game. */
  firstGame: () => '/dashboard/game',
  game: (gameId: string, tab?: GameTab) => `/dashboard/game/${gameId}${tab ? `/${tab}` : ''}`,
  segment: (gameId: string, segmentId: string) => `${paths.game(gameId, 'segments')}/${segmentId}`,
  uiEditor: (featureType: string, featureId: string) => `/ui-editor/${featureType}/${featureId}`,
  embedDailyRewards: () => '/embed/daily_rewards',
};

/** The router's patterns, made by the same builders, so a route and the links to it cannot drift apart. */
export const routePatterns = {
  home: paths.home(),
  login: paths.login(),
  verified: paths.verified(),
  forgotPassword: paths.forgotPassword(),
  resetPassword: paths.resetPassword(),
  account: paths.account(),
  signOut: paths.signOut(),
  dashboard: paths.dashboard(),
  team: paths.team(),
  // Written out: the builder percent-encodes its argument, the colon included.
  invitation: '/invitations/:invitationId',
  firstGame: paths.firstGame(),
  game: (tab?: GameTab) => paths.game(':gameId', tab),
  segment: paths.segment(':gameId', ':segmentId'),
  uiEditor: paths.uiEditor(':featureType', ':featureId'),
  embedDailyRewards: paths.embedDailyRewards(),
};
