import { useCallback, useEffect, useMemo, useState } from 'react';
import { AUTH_MESSAGES } from '@liveops/domain/auth';
import { FullPageStatus } from '../components/full-page-status';
import { paths } from '../config/paths';
import { PageNavigationContext, type PageNavigation } from '../lib/page-navigation';
import { isPublicPath } from './public-paths';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, VerifiedPage } from './sign-in-pages';

/** The page each public path shows; /login for any other. */
const PAGES: Record<string, () => React.JSX.Element> = {
  [paths.verified()]: VerifiedPage,
  [paths.forgotPassword()]: ForgotPasswordPage,
  [paths.resetPassword()]: ResetPasswordPage,
};

const here = () => ({ pathname: window.location.pathname, search: window.location.search });

/**
 * What a first visit of a sign-in page (/login, /verified, /forgot-password, /reset-password) starts: those pages with no router and no query cache, so the
 * visit loads little. Going anywhere else hands the tab over to the dashboard app (`onLeave`), which then owns
 * the history, these two pages included.
 */
export function PublicApp({ onLeave }: { onLeave: () => void }) {
  const [location, setLocation] = useState(here);
  const [leaving, setLeaving] = useState(false);
  const show = useCallback(() => {
    const next = here();
    if (isPublicPath(next.pathname)) return setLocation(next);
    setLeaving(true);
    onLeave();
  }, [onLeave]);
  useEffect(() => {
    window.addEventListener('popstate', show);
    return () => window.removeEventListener('popstate', show);
  }, [show]);

  const navigate = useCallback<PageNavigation['navigate']>(
    (to, options) => {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      show();
    },
    [show],
  );
  // Nothing here remembers who is signed in; the dashboard app asks when it starts.
  const signedIn = useCallback(() => undefined, []);
  const value = useMemo(() => ({ search: location.search, navigate, signedIn }), [location.search, navigate, signedIn]);
  // While the dashboard app loads, what its guard shows first.
  if (leaving) return <FullPageStatus>{AUTH_MESSAGES.checkingAuth}</FullPageStatus>;
  return (
    <PageNavigationContext.Provider value={value}>
      {(() => {
        const Page = PAGES[location.pathname] ?? LoginPage;
        return <Page />;
      })()}
    </PageNavigationContext.Provider>
  );
}
