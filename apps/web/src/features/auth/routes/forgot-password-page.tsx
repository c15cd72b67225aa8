import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import {
  authErrorMessage,
  RequestPasswordResetInputSchema,
  RESET_MESSAGES,
  type RequestPasswordResetInput,
} from '@liveops/domain/auth';
import { Brand } from '../../../components/brand';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { PageLink, usePageNavigation } from '../../../lib/page-navigation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import pages from '../auth-pages.module.css';

/** "Forgot password?" from the login card: asks for the address and mails it a link, if it has an account. */
export function ForgotPasswordPage() {
  const { search } = usePageNavigation();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<RequestPasswordResetInput>(RequestPasswordResetInputSchema, {
    email: new URLSearchParams(search).get('email') ?? '',
  });

  const onSubmit = (input: RequestPasswordResetInput) => {
    setError(null);
    request.mutate(input, {
      onSuccess: () => setSentTo(input.email),
      onError: (failure) =>
        setError(
          authErrorMessage(failure instanceof ApiError ? { code: failure.code, message: failure.message } : null),
        ),
    });
  };

  return (
    <div className={pages.page}>
      <div className={pages.brand}>
        <Brand />
      </div>
      <section className={pages.panel} aria-labelledby="forgot-title">
        {sentTo ? (
          <>
            <MailCheck className={`${pages.panelIcon} ${pages.iconOk}`} size={40} aria-hidden />
            <h1 className={pages.title} id="forgot-title">
              Check your inbox
            </h1>
            <Alert tone="success">{RESET_MESSAGES.requestSent}</Alert>
            <p className={`muted ${pages.note}`}>
              Sent to <strong className={pages.email}>{sentTo}</strong>. Nothing there after a few minutes? Check the
              spam folder, or{' '}
              <button type="button" className="link" onClick={() => setSentTo(null)}>
                try another address
              </button>
              .
            </p>
            <Button asChild className="btn-block">
              <PageLink href={paths.login()}>Back to log in</PageLink>
            </Button>
          </>
        ) : (
          <>
            <h1 className={pages.title} id="forgot-title">
              Reset your password
            </h1>
            <p className={pages.subtitle}>{RESET_MESSAGES.requestIntro}</p>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)}>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@studio.com"
                error={errors.email?.message}
                {...register('email')}
              />
              <Button type="submit" className="btn-block" loading={request.isPending}>
                Send reset link
              </Button>
            </form>
            <p className={pages.switch}>
              Remembered it?{' '}
              <PageLink className="link" href={paths.login()}>
                Log in
              </PageLink>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
