import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FullPageStatus } from '../components/full-page-status';
import { paths } from '../config/paths';
import { isSignOutState, useSignOutNow } from '../lib/sign-out';

const FAILED = 'Sign out failed. Please try again.';

/**
 * Where the Sign out button goes (decision 056): reached only once the page before it let go (unsaved changes ask
 * first), it signs out once and replaces itself with the login page. A visit that did not come from the button
 * (a link, a reload) signs nobody out.
 */
export function SignOutPage() {
  const { state } = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOutNow();
  const started = useRef(false);
  const asked = isSignOutState(state);
  useEffect(() => {
    if (!asked || started.current) return;
    started.current = true;
    signOut.mutate(undefined, {
      onError: (error) => {
        toast.error(error.message || FAILED);
        void navigate(state.from, { replace: true });
      },
    });
  }, [asked, navigate, signOut, state]);
  if (!asked) return <Navigate to={paths.dashboard()} replace />;
  return <FullPageStatus>Signing out…</FullPageStatus>;
}
