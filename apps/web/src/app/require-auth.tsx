import { Navigate, Outlet, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { AUTH_MESSAGES } from '@liveops/domain/accounts';
import { AppShell } from '../components/app-shell';
import { FullPageStatus } from '../components/full-page-status';
import { paths } from '../config/paths';
import { useCurrentUser } from '../lib/current-user';
import { useLiveUpdates } from '../lib/live-updates';

/**
 * The dashboard guard (decision 001): nobody signed in with a verified email gets /login. While the check
 * runs, and while it keeps failing (the server is unreachable), "Checking authentication..." stays up.
 */
export function RequireAuth() {
  const location = useLocation();
  const currentUser = useCurrentUser();
  useLiveUpdates(!!currentUser.data);
  if (currentUser.data === undefined) return <FullPageStatus>{AUTH_MESSAGES.checkingAuth}</FullPageStatus>;
  if (currentUser.data === null) return <Navigate to={paths.login()} replace state={{ from: location.pathname }} />;
  // Only the signed-in app shows toasts, so the sign-in pages do not load the toaster.
  return (
    <>
      <AppShell user={currentUser.data}>
        <Outlet />
      </AppShell>
      <Toaster theme="dark" position="top-center" richColors closeButton />
    </>
  );
}
