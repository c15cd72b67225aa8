import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { currentUserQueryKey } from '../lib/current-user';
import { PageNavigationContext, type PageNavigation } from '../lib/page-navigation';

/** The sign-in pages inside the dashboard app: its router moves between pages, its query cache knows who is in. */
export function RouterPageNavigation({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const routerNavigate = useNavigate();
  const queryClient = useQueryClient();
  const navigate = useCallback<PageNavigation['navigate']>(
    (to, options) => void routerNavigate(to, options),
    [routerNavigate],
  );
  // Dropped rather than refetched, so the guard waits for the new answer instead of acting on "nobody".
  const signedIn = useCallback(() => queryClient.removeQueries({ queryKey: currentUserQueryKey }), [queryClient]);
  const value = useMemo(() => ({ search, navigate, signedIn }), [search, navigate, signedIn]);
  return <PageNavigationContext.Provider value={value}>{children}</PageNavigationContext.Provider>;
}

/** The layout route of /login and /verified in the dashboard app. */
export function SignInPagesLayout() {
  return (
    <RouterPageNavigation>
      <Outlet />
    </RouterPageNavigation>
  );
}
