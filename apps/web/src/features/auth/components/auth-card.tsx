import { useState } from 'react';
import {
  AUTH_MESSAGES,
  authErrorMessage,
  mentionsVerification,
  type SignInInput,
  type SignInServer,
} from '@liveops/domain/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { PageLink, usePageNavigation } from '../../../lib/page-navigation';
import { useResendVerification } from '../api/resend-verification';
import { useSignIn } from '../api/sign-in';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { useSignUp } from '../api/sign-up';
import { CredentialsForm } from './credentials-form';
import { GoogleButton } from './google-button';
import pages from '../auth-pages.module.css';
import styles from './auth-card.module.css';

export type AuthMode = 'login' | 'signup';
type Message = { tone: 'error' | 'success'; text: string };

function toMessage(error: unknown): Message {
  if (error instanceof ApiError)
    return { tone: 'error', text: authErrorMessage({ code: error.code, message: error.message }) };
  return { tone: 'error', text: authErrorMessage(null) };
}

/**
 * The two-sided card: login on the front, sign-up on the back, flipped in 0.5 s by the mode link. `server` is what
 * the server said of itself (none: the session check failed, so nothing is claimed): without Google the button
 * says so before it is pressed, and without SMTP the card says the link went to the server's log.
 */
export function AuthCard({
  initialMessage,
  server,
}: {
  initialMessage?: Message | undefined;
  server?: SignInServer | undefined;
}) {
  const emailInLog = server?.emailDelivery === 'log';
  const { navigate, signedIn } = usePageNavigation();
  const [mode, setMode] = useState<AuthMode>('login');
  const [message, setMessage] = useState<Message | null>(initialMessage ?? null);
  const [email, setEmail] = useState('');
  const signIn = useSignIn();
  const signUp = useSignUp();
  const resend = useResendVerification();
  const google = useSignInWithGoogle();

  const flip = (next: AuthMode) => {
    setMode(next);
    setMessage(null);
  };

  const onLogin = (input: SignInInput) => {
    setEmail(input.email);
    setMessage(null);
    signIn.mutate(input, {
      onSuccess: () => {
        signedIn();
        navigate('/dashboard');
      },
      onError: (error) => setMessage(toMessage(error)),
    });
  };

  const onSignup = (input: SignInInput) => {
    setEmail(input.email);
    setMessage(null);
    signUp.mutate(input, {
      onSuccess: () => {
        setMode('login');
        setMessage({
          tone: 'success',
          text: emailInLog ? AUTH_MESSAGES.verificationLinkInLog : AUTH_MESSAGES.verificationSent,
        });
      },
      onError: (error) => setMessage(toMessage(error)),
    });
  };

  const onResend = () => {
    resend.mutate(email, {
      onSuccess: () =>
        setMessage({
          tone: 'success',
          text: emailInLog ? AUTH_MESSAGES.verificationLinkInLogAgain : AUTH_MESSAGES.verificationResent,
        }),
      onError: (error) => setMessage(toMessage(error)),
    });
  };

  const onGoogle = () => {
    setMessage(null);
    google.mutate(undefined, {
      onError: (error) =>
        setMessage({
          tone: 'error',
          text: error instanceof ApiError || error.message ? error.message : AUTH_MESSAGES.googleFailed,
        }),
    });
  };

  const face = (side: AuthMode) => {
    const active = mode === side;
    return (
      <section
        className={`${styles.face} ${side === 'signup' ? styles.signup : ''} auth-face-${side}`}
        aria-hidden={!active}
        inert={!active}
      >
        <h1 className={pages.title}>{side === 'login' ? 'Welcome back' : 'Create your account'}</h1>
        <p className={pages.subtitle}>
          {side === 'login' ? 'Log in to manage your games.' : 'Run LiveOps for your games on your own server.'}
        </p>
        {active && message ? (
          <div className="stack-sm">
            <Alert tone={message.tone}>{message.text}</Alert>
            {mentionsVerification(message.text) && email ? (
              <Button type="button" variant="secondary" size="sm" onClick={onResend} loading={resend.isPending}>
                Resend Verification Email
              </Button>
            ) : null}
          </div>
        ) : null}
        <CredentialsForm
          mode={side}
          defaultEmail={email}
          submitting={side === 'login' ? signIn.isPending : signUp.isPending}
          onSubmit={side === 'login' ? onLogin : onSignup}
          onEmailChange={setEmail}
          belowPassword={
            side === 'login' ? (
              <PageLink
                className={`link ${styles.forgotLink}`}
                href={`${paths.forgotPassword()}${email ? `?email=${encodeURIComponent(email)}` : ''}`}
              >
                Forgot password?
              </PageLink>
            ) : null
          }
        />
        <div className={styles.divider} role="separator">
          <span>or</span>
        </div>
        <GoogleButton
          onClick={onGoogle}
          loading={google.isPending}
          unavailable={server?.googleSignIn === false}
          noteId={`google-note-${side}`}
        />
        <p className={pages.switch}>
          {side === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
          <button type="button" className="link" onClick={() => flip(side === 'login' ? 'signup' : 'login')}>
            {side === 'login' ? 'Sign up' : 'Log in'}
          </button>
        </p>
      </section>
    );
  };

  return (
    <div className={`auth-card ${styles.card}`} data-mode={mode}>
      <div className={`auth-card-inner ${styles.inner}`}>
        {face('login')}
        {face('signup')}
      </div>
    </div>
  );
}
