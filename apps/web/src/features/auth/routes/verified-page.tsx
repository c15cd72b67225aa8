import { MailCheck, MailWarning } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { VERIFY_MESSAGES, verifyErrorMessage } from '@liveops/domain/auth';
import { Brand } from '../../../components/brand';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { PageLink, usePageNavigation } from '../../../lib/page-navigation';
import { useVerifyEmail } from '../api/verify-email';
import { emailOfVerificationToken } from '../verification-link';
import pages from '../auth-pages.module.css';

const REDIRECT_DELAY_MS = 1500;

/**
 * Where the verification email lands. A link signs its account in, and anyone can send anyone their own link
 * (login CSRF, decision 032): so the page first asks, naming the account, and redeems the token only when the button
 * is pressed; then it goes on to the dashboard.
 */
export function VerifiedPage() {
  const { search } = usePageNavigation();
  const token = new URLSearchParams(search).get('token');
  const [confirmed, setConfirmed] = useState(false);
  const email = token ? emailOfVerificationToken(token) : null;
  if (token && email && !confirmed) {
    return (
      <VerifyFrame>
        <MailCheck size={40} aria-hidden />
        <ConfirmQuestion email={email} />
        <p className={pages.hint}>{VERIFY_MESSAGES.confirmHint}</p>
        <Button onClick={() => setConfirmed(true)}>{VERIFY_MESSAGES.confirmButton}</Button>
      </VerifyFrame>
    );
  }
  return <Redemption token={token} />;
}

/**
 * The question with the whole address kept on one line when it fits: never broken at its own hyphens. The text
 * after it (the question mark) moves with it, never left alone on a line of its own.
 */
function ConfirmQuestion({ email }: { email: string }) {
  const text = VERIFY_MESSAGES.confirmQuestion(email);
  const at = text.indexOf(email);
  return (
    <p className={pages.verifyText}>
      {text.slice(0, at)}
      <span className={pages.address}>
        <span>{email}</span>
        {text.slice(at + email.length)}
      </span>
    </p>
  );
}

function VerifyFrame({ children }: { children: ReactNode }) {
  return (
    <div className={pages.page}>
      <div className={pages.brand}>
        <Brand />
      </div>
      <div className={`panel ${pages.verifyPanel}`}>{children}</div>
    </div>
  );
}

/** The token redeemed (a token that names no address is refused by the server as any forged one is). */
function Redemption({ token }: { token: string | null }) {
  const { navigate, signedIn } = usePageNavigation();
  const verification = useVerifyEmail(token);
  const verified = verification.data?.verified === true;

  useEffect(() => {
    if (!verified) return;
    signedIn();
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate, signedIn]);

  let body;
  if (verification.isPending) {
    body = (
      <p className={pages.verifyText} role="status">
        {VERIFY_MESSAGES.checking}
      </p>
    );
  } else if (verified) {
    body = (
      <>
        <MailCheck className={pages.iconOk} size={40} aria-hidden />
        <p className={pages.verifyText} role="status">
          {VERIFY_MESSAGES.success}
        </p>
      </>
    );
  } else {
    const refusal = verification.data?.verified === false ? verification.data.message : undefined;
    const text = verification.error
      ? verifyErrorMessage(verification.error instanceof ApiError ? verification.error.code : undefined)
      : (refusal ?? VERIFY_MESSAGES.mustBeLoggedIn);
    body = (
      <>
        <MailWarning className={pages.iconError} size={40} aria-hidden />
        <p className={`${pages.verifyText} ${pages.error}`} role="alert">
          {text}
        </p>
        <p className={pages.hint}>{VERIFY_MESSAGES.loginHint}</p>
        <Button asChild>
          <PageLink href="/login">Go to login</PageLink>
        </Button>
      </>
    );
  }

  return <VerifyFrame>{body}</VerifyFrame>;
}
