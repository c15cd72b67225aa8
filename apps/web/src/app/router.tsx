import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/routes/login-page';
import { VerifiedPage } from '../features/auth/routes/verified-page';
import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';

export const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/verified', element: <VerifiedPage /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '/dashboard', element: <DashboardPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
