import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, MailWarning } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { VERIFY_MESSAGES, verifyErrorMessage } from '@liveops/domain';
import { Brand } from '../../../components/brand';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { useVerifyEmail } from '../api/verify-email';

const REDIRECT_DELAY_MS = 1500;

/** Where the verification email lands: redeems the token, then goes on to the dashboard. */
export function VerifiedPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verification = useVerifyEmail(params.get('token'));
  const verified = verification.data?.verified === true;

  useEffect(() => {
    if (!verified) return;
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate, queryClient]);

  let body;
  if (verification.isPending) {
    body = (
      <p className="verify-text" role="status">
        {VERIFY_MESSAGES.checking}
      </p>
    );
  } else if (verified) {
    body = (
      <>
        <MailCheck className="verify-icon verify-icon-ok" size={40} aria-hidden />
        <p className="verify-text" role="status">
          {VERIFY_MESSAGES.success}
        </p>
      </>
    );
  } else {
    const text = verification.error
      ? verifyErrorMessage(verification.error instanceof ApiError ? verification.error.code : undefined)
      : VERIFY_MESSAGES.mustBeLoggedIn;
    body = (
      <>
        <MailWarning className="verify-icon verify-icon-error" size={40} aria-hidden />
        <p className="verify-text verify-error" role="alert">
          {text}
        </p>
        <p className="verify-hint">{VERIFY_MESSAGES.loginHint}</p>
        <Button asChild>
          <Link to="/login">Go to login</Link>
        </Button>
      </>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-brand">
        <Brand />
      </div>
      <div className="panel verify-panel">{body}</div>
    </div>
  );
}
