import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES, type User } from '@liveops/domain';
import { changePasswordFormSchema, type ChangePasswordForm } from '@liveops/domain/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: true,
};

/** Change the password with the current one; or, for an account without one, how it signs in instead. */
export function PasswordSection({ user, hasPassword }: { user: User; hasPassword: boolean }) {
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => changePasswordFormSchema(user.email), [user.email]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const onSubmit = ({ currentPassword, newPassword, revokeOtherSessions }: ChangePasswordForm) => {
    setFailure(null);
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast.success(
            revokeOtherSessions
              ? `${ACCOUNT_MESSAGES.passwordChanged} ${ACCOUNT_MESSAGES.otherSessionsSignedOut}`
              : ACCOUNT_MESSAGES.passwordChanged,
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
            setError('currentPassword', { message: error.message }, { shouldFocus: true });
          } else {
            setFailure(error.message || ACCOUNT_MESSAGES.loadFailed);
          }
        },
      },
    );
  };

  return (
    <section className="panel settings-section" aria-labelledby="password-heading">
      <header className="settings-section-header">
        <KeyRound size={20} aria-hidden className="settings-section-icon" />
        <div>
          <h2 className="panel-title" id="password-heading">
            Password
          </h2>
          <p className="muted">
            {hasPassword ? 'Changing it asks for the current one first.' : ACCOUNT_MESSAGES.noPassword}
          </p>
        </div>
      </header>
      {hasPassword ? (
        <form className="stack settings-form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <div className="settings-form-row">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              placeholder="At least 8 characters"
              error={errors.newPassword?.message}
              {...register('newPassword')}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              placeholder="The same again"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </div>
          <label className="checkbox">
            <input type="checkbox" {...register('revokeOtherSessions')} />
            Sign out of my other devices
          </label>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </div>
        </form>
      ) : (
        <p className="muted settings-note">
          To add one, sign out and choose <strong>Forgot password?</strong> on the login page: the link it mails to{' '}
          {user.email} sets a password beside Google sign-in.
        </p>
      )}
    </section>
  );
}
