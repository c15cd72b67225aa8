import { Navigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, googleErrorMessage } from '@liveops/domain';
import { Brand } from '../../../components/brand';
import { FullPageStatus } from '../../../components/full-page-status';
import { useCurrentUser } from '../../../lib/current-user';
import { AuthCard } from '../components/auth-card';

export function LoginPage() {
  const [params] = useSearchParams();
  const currentUser = useCurrentUser();
  if (currentUser.isPending) return <FullPageStatus>{AUTH_MESSAGES.checkingAuth}</FullPageStatus>;
  if (currentUser.data) return <Navigate to="/dashboard" replace />;

  const error = params.get('error');
  const initialMessage = error
    ? { tone: 'error' as const, text: googleErrorMessage(error, params.get('error_description')) }
    : undefined;
  return (
    <div className="auth-page">
      <div className="auth-brand">
        <Brand />
        <p>LiveOps for game studios, on your own machine.</p>
      </div>
      <AuthCard initialMessage={initialMessage} />
    </div>
  );
}
