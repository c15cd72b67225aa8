import { useEffect } from 'react';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, googleErrorMessage } from '@liveops/domain/auth';
import { Brand } from '../../../components/brand';
import { FullPageStatus } from '../../../components/full-page-status';
import type { LoginNotice } from '../../../config/paths';
import { usePageNavigation } from '../../../lib/page-navigation';
import { useSignInState } from '../api/check-signed-in';
import { AuthCard } from '../components/auth-card';
import pages from '../auth-pages.module.css';

export function LoginPage() {
  const { search, navigate } = usePageNavigation();
  const session = useSignInState();
  // Someone already signed in goes on to the dashboard; when the check fails, the card is there to sign in with.
  const goOn = session.data?.signedIn === true;
  useEffect(() => {
    if (goOn) navigate('/dashboard', { replace: true });
  }, [goOn, navigate]);
  if (session.isPending || goOn) return <FullPageStatus>{AUTH_MESSAGES.checkingAuth}</FullPageStatus>;

  const params = new URLSearchParams(search);
  const error = params.get('error');
  // Google sign-in comes back with ?error=; deleting the account ends here with ?notice=account-deleted.
  const initialMessage = error
    ? { tone: 'error' as const, text: googleErrorMessage(error, params.get('error_description')) }
    : params.get('notice') === ('account-deleted' satisfies LoginNotice)
      ? { tone: 'success' as const, text: ACCOUNT_MESSAGES.deleted }
      : undefined;
  return (
    <div className={pages.page}>
      <div className={pages.brand}>
        <Brand />
        <p>LiveOps for game studios, on your own machine.</p>
      </div>
      <AuthCard initialMessage={initialMessage} server={session.data?.server} />
    </div>
  );
}
