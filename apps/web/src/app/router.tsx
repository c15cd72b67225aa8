import { CalendarCheck, Megaphone, MonitorSmartphone, Sparkles } from 'lucide-react';
import { createBrowserRouter, Navigate } from 'react-router';
import { GAME_MESSAGES } from '@liveops/domain';
import { TabPlaceholder } from '../components/tab-placeholder';
import { LoginPage } from '../features/auth/routes/login-page';
import { VerifiedPage } from '../features/auth/routes/verified-page';
import { DashboardPage } from '../features/games/routes/dashboard-page';
import { GameProfileTab } from '../features/games/routes/game-profile-tab';
import { FirstGameRedirect, GameWorkspace } from '../features/games/routes/game-workspace';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';

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

const assetsTab = () => import('../features/assets/routes/assets-tab').then((m) => ({ Component: m.AssetsTab }));
const inventoryTab = () =>
  import('../features/inventory/routes/inventory-tab').then((m) => ({ Component: m.InventoryTab }));
const segmentsTab = () =>
  import('../features/segments/routes/segments-tab').then((m) => ({ Component: m.SegmentsTab }));

export const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/verified', element: <VerifiedPage /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/dashboard/game', element: <FirstGameRedirect /> },
      {
        path: '/dashboard/game/:gameId',
        element: <GameWorkspace />,
        children: [
          { index: true, element: <GameProfileTab /> },
          // Each feature tab is its own chunk: the CEL checker, for one, loads only with Player Segments.
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
          { path: '*', element: <GameProfileTab /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
