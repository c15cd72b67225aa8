import { Megaphone, Sparkles, type LucideIcon } from 'lucide-react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { TabPlaceholder } from '../components/tab-placeholder';
import { paths, routePatterns, type GameTab } from '../config/paths';
import { NotFoundPage } from './not-found-page';
import { SignInPagesLayout } from './router-page-navigation';

/** Tabs whose features arrive in later issues say so plainly. */
const upcoming: { path: GameTab; icon: LucideIcon; title: string; text: string }[] = [];

// Every page is its own chunk: a first visit of /login loads none of the signed-in app, and the dashboard none of
// the workspace.
const loginPage = () => import('./sign-in-pages').then((m) => ({ Component: m.LoginPage }));
const verifiedPage = () => import('./sign-in-pages').then((m) => ({ Component: m.VerifiedPage }));
const forgotPasswordPage = () => import('./sign-in-pages').then((m) => ({ Component: m.ForgotPasswordPage }));
const resetPasswordPage = () => import('./sign-in-pages').then((m) => ({ Component: m.ResetPasswordPage }));
const requireAuth = () => import('./require-auth').then((m) => ({ Component: m.RequireAuth }));
const signOutPage = () => import('./sign-out-page').then((m) => ({ Component: m.SignOutPage }));
const teamPage = () => import('../features/team/routes/team-page').then((m) => ({ Component: m.TeamPage }));
const invitationPage = () =>
  import('../features/team/routes/invitation-page').then((m) => ({ Component: m.InvitationPage }));
const accountPage = () => import('../features/account/routes/account-page').then((m) => ({ Component: m.AccountPage }));
const dashboardPage = () =>
  import('../features/games/routes/dashboard-page').then((m) => ({ Component: m.DashboardPage }));
const firstGameRedirect = () =>
  import('../features/games/routes/game-workspace').then((m) => ({ Component: m.FirstGameRedirect }));
const gameWorkspace = () => import('./game-workspace-route').then((m) => ({ Component: m.GameWorkspaceRoute }));
const gameProfileTab = () =>
  import('../features/games/routes/game-profile-tab').then((m) => ({ Component: m.GameProfileTab }));
const assetsTab = () => import('../features/assets/routes/assets-tab').then((m) => ({ Component: m.AssetsTab }));
const inventoryTab = () =>
  import('../features/inventory/routes/inventory-tab').then((m) => ({ Component: m.InventoryTab }));
const segmentsTab = () =>
  import('../features/segments/routes/segments-tab').then((m) => ({ Component: m.SegmentsTab }));
const emulatorTab = () =>
  import('../features/emulator/routes/emulator-tab').then((m) => ({ Component: m.EmulatorTab }));
const dailyRewardsTab = () =>
  import('../features/daily-rewards/routes/daily-rewards-tab').then((m) => ({ Component: m.DailyRewardsTab }));
const analyticsTab = () =>
  import('../features/analytics/routes/analytics-tab').then((m) => ({ Component: m.AnalyticsTab }));
const playersTab = () => import('../features/players/routes/players-tab').then((m) => ({ Component: m.PlayersTab }));
const uiEditorPage = () =>
  import('../features/ui-editor/routes/ui-editor-page').then((m) => ({ Component: m.UiEditorPage }));

const pages = [
  {
    Component: SignInPagesLayout,
    children: [
      { path: routePatterns.login, lazy: loginPage },
      { path: routePatterns.verified, lazy: verifiedPage },
      { path: routePatterns.forgotPassword, lazy: forgotPasswordPage },
      { path: routePatterns.resetPassword, lazy: resetPasswordPage },
    ],
  },
  // The emailed link works signed out too: it says who to sign in as.
  { path: routePatterns.invitation, lazy: invitationPage },
  {
    lazy: requireAuth,
    children: [
      { path: routePatterns.home, element: <Navigate to={paths.dashboard()} replace /> },
      { path: routePatterns.dashboard, lazy: dashboardPage },
      { path: routePatterns.team, lazy: teamPage },
      { path: routePatterns.account, lazy: accountPage },
      { path: routePatterns.signOut, lazy: signOutPage },
      { path: routePatterns.firstGame, lazy: firstGameRedirect },
      { path: routePatterns.uiEditor, lazy: uiEditorPage },
      {
        path: routePatterns.game(),
        lazy: gameWorkspace,
        children: [
          { index: true, lazy: gameProfileTab },
          // The CEL checker, for one, loads only with Player Segments.
          { path: routePatterns.game('assets'), lazy: assetsTab },
          { path: routePatterns.game('segments'), lazy: segmentsTab },
          { path: routePatterns.segment, lazy: segmentsTab },
          { path: routePatterns.game('emulator'), lazy: emulatorTab },
          { path: routePatterns.game('inventory'), lazy: inventoryTab },
          { path: routePatterns.game('daily-rewards'), lazy: dailyRewardsTab },
          { path: routePatterns.game('analytics'), lazy: analyticsTab },
          { path: routePatterns.game('players'), lazy: playersTab },
          ...upcoming.map(({ path, icon, title, text }) => ({
            path: routePatterns.game(path),
            element: <TabPlaceholder icon={icon} title={title} text={text} />,
          })),
          {
            path: routePatterns.game('offers'),
            element: <TabPlaceholder icon={Megaphone} title="Offers" text={GAME_MESSAGES.comingSoon} />,
          },
          {
            path: routePatterns.game('events'),
            element: <TabPlaceholder icon={Sparkles} title="Events" text={GAME_MESSAGES.comingSoon} />,
          },
          // Any other path shows the profile.
          { path: '*', lazy: gameProfileTab },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

// While the first page's chunk loads there is nothing to show yet: a blank page, not a flash of a status line.
export const routes: RouteObject[] = [{ HydrateFallback: () => null, children: pages }];

export function createRouter() {
  return createBrowserRouter(routes);
}
