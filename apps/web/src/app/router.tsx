import { CalendarCheck, Megaphone, MonitorSmartphone, Sparkles } from 'lucide-react';
import { createBrowserRouter, Navigate } from 'react-router';
import { GAME_MESSAGES } from '@liveops/domain';
import { TabPlaceholder } from '../components/tab-placeholder';
import { NotFoundPage } from './not-found-page';
import { SignInPagesLayout } from './router-page-navigation';

/** Tabs whose features arrive in later issues say so plainly. */
const upcoming = [
  {
    path: 'emulator',
    icon: MonitorSmartphone,
    title: 'Emulator',
    text: 'Preview daily-reward popups with a streak and a day here once daily rewards exist.',
  },
  { path: 'daily-rewards', icon: CalendarCheck, title: 'Daily Rewards', text: '7-day reward cycles arrive soon.' },
];

// Every page is its own chunk: a first visit of /login loads none of the signed-in app, and the dashboard none of
// the workspace.
const loginPage = () => import('./sign-in-pages').then((m) => ({ Component: m.LoginPage }));
const verifiedPage = () => import('./sign-in-pages').then((m) => ({ Component: m.VerifiedPage }));
const requireAuth = () => import('./require-auth').then((m) => ({ Component: m.RequireAuth }));
const dashboardPage = () =>
  import('../features/games/routes/dashboard-page').then((m) => ({ Component: m.DashboardPage }));
const firstGameRedirect = () =>
  import('../features/games/routes/game-workspace').then((m) => ({ Component: m.FirstGameRedirect }));
const gameWorkspace = () =>
  import('../features/games/routes/game-workspace').then((m) => ({ Component: m.GameWorkspace }));
const gameProfileTab = () =>
  import('../features/games/routes/game-profile-tab').then((m) => ({ Component: m.GameProfileTab }));
const assetsTab = () => import('../features/assets/routes/assets-tab').then((m) => ({ Component: m.AssetsTab }));
const inventoryTab = () =>
  import('../features/inventory/routes/inventory-tab').then((m) => ({ Component: m.InventoryTab }));
const segmentsTab = () =>
  import('../features/segments/routes/segments-tab').then((m) => ({ Component: m.SegmentsTab }));

const pages = [
  {
    Component: SignInPagesLayout,
    children: [
      { path: '/login', lazy: loginPage },
      { path: '/verified', lazy: verifiedPage },
    ],
  },
  {
    lazy: requireAuth,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '/dashboard', lazy: dashboardPage },
      { path: '/dashboard/game', lazy: firstGameRedirect },
      {
        path: '/dashboard/game/:gameId',
        lazy: gameWorkspace,
        children: [
          { index: true, lazy: gameProfileTab },
          // The CEL checker, for one, loads only with Player Segments.
          { path: 'assets', lazy: assetsTab },
          { path: 'segments', lazy: segmentsTab },
          { path: 'segments/:segmentId', lazy: segmentsTab },
          { path: 'inventory', lazy: inventoryTab },
          ...upcoming.map(({ path, icon, title, text }) => ({
            path,
            element: <TabPlaceholder icon={icon} title={title} text={text} />,
          })),
          {
            path: 'offers',
            element: <TabPlaceholder icon={Megaphone} title="Offers" text={GAME_MESSAGES.comingSoon} />,
          },
          {
            path: 'events',
            element: <TabPlaceholder icon={Sparkles} title="Events" text={GAME_MESSAGES.comingSoon} />,
          },
          // §2: any other path shows the profile.
          { path: '*', lazy: gameProfileTab },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

// While the first page's chunk loads there is nothing to show yet: a blank page, not a flash of a status line.
export const routes = [{ HydrateFallback: () => null, children: pages }];

export function createRouter() {
  return createBrowserRouter(routes);
}
