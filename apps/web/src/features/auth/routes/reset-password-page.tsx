import { KeyRound, Loader2, ShieldCheck, TimerOff } from 'lucide-react';
import { useState } from 'react';
import { authErrorMessage, RESET_MESSAGES, type ResetLinkStatus } from '@liveops/domain/auth';
import { Brand } from '../../../components/brand';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { PageLink, usePageNavigation } from '../../../lib/page-navigation';
import { useResetLink } from '../api/check-reset-link';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordForm } from '../components/new-password-form';
import pages from '../auth-pages.module.css';

type DeadLink = Extract<ResetLinkStatus, { valid: false }>;
const INVALID: DeadLink = { valid: false, code: 'RESET_LINK_INVALID', message: RESET_MESSAGES.linkInvalid };

/** A link that sets nothing: why, and the way to a new one. */
function DeadLinkPanel({ link }: { link: DeadLink }) {
  const Icon = link.code === 'RESET_LINK_EXPIRED' ? TimerOff : KeyRound;
  return (
    <>
      <Icon className={`${pages.panelIcon} ${pages.iconError}`} size={40} aria-hidden />
      <h1 className={pages.title}>This link does not work</h1>
      <p className={pages.error} role="alert">
        {link.message}
      </p>
      <p className="muted">{RESET_MESSAGES.newLinkHint}</p>
      <div className={pages.actions}>
        <Button asChild>
          <PageLink href={paths.forgotPassword()}>Request a new link</PageLink>
        </Button>
        <Button asChild variant="secondary">
          <PageLink href={paths.login()}>Go to login</PageLink>
        </Button>
      </div>
    </>
  );
}

/** Where the reset email lands: checks the link, takes the new password, then sends the visitor to log in. */
export function ResetPasswordPage() {
  const { search } = usePageNavigation();
  const token = new URLSearchParams(search).get('token') ?? '';
  return (
    <div className={pages.page}>
      <div className={pages.brand}>
        <Brand />
      </div>
      <section className={pages.panel} aria-live="polite">
        {token ? <ResetWithLink token={token} /> : <DeadLinkPanel link={INVALID} />}
      </section>
    </div>
  );
}

function ResetWithLink({ token }: { token: string }) {
  const link = useResetLink(token);
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<'changed' | DeadLink | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (link.isPending) {
    return (
      <p className={pages.panelStatus} role="status">
        <Loader2 className="spin" size={20} aria-hidden />
        {RESET_MESSAGES.checking}
      </p>
    );
  }
  if (outcome === 'changed') {
    return (
      <>
        <ShieldCheck className={`${pages.panelIcon} ${pages.iconOk}`} size={40} aria-hidden />
        <h1 className={pages.title}>Password changed</h1>
        <p role="status">{RESET_MESSAGES.passwordChanged}</p>
        <Button asChild className="btn-block">
          <PageLink href={paths.login()}>Log in with the new password</PageLink>
        </Button>
      </>
    );
  }
  if (outcome) return <DeadLinkPanel link={outcome} />;
  if (link.error) {
    return (
      <>
        <Alert tone="error">{authErrorMessage(link.error instanceof ApiError ? link.error : null)}</Alert>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </>
    );
  }
  if (!link.data.valid) return <DeadLinkPanel link={link.data} />;
  const { email } = link.data;

  const onSubmit = (newPassword: string) => {
    setError(null);
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => setOutcome('changed'),
        onError: (failure) => {
          if (
            failure instanceof ApiError &&
            (failure.code === 'RESET_LINK_INVALID' || failure.code === 'RESET_LINK_EXPIRED')
          ) {
            setOutcome({ valid: false, code: failure.code, message: failure.message });
          } else {
            setError(authErrorMessage(failure instanceof ApiError ? failure : null));
          }
        },
      },
    );
  };

  return (
    <>
      <h1 className={pages.title}>Choose a new password</h1>
      <p className={pages.subtitle}>
        For <strong className={pages.email}>{email}</strong>. Every device signed in to this account will be signed out.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <NewPasswordForm email={email} submitting={reset.isPending} onSubmit={onSubmit} />
    </>
  );
}
