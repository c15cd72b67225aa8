import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES, type User } from '@liveops/domain';
import { changePasswordFormSchema, type ChangePasswordForm } from '@liveops/domain/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import styles from '../account.module.css';

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
    <section className={`panel ${styles.section}`} aria-labelledby="password-heading">
      <header className={styles.sectionHeader}>
        <KeyRound size={20} aria-hidden className={styles.sectionIcon} />
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
        <form className={`stack ${styles.form}`} noValidate onSubmit={handleSubmit(onSubmit)}>
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <NewPasswordFields
            className={styles.formRow}
            newPassword={register('newPassword')}
            confirmPassword={register('confirmPassword')}
            errors={errors}
          />
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
        <p className={`muted ${styles.note}`}>
          To add one, sign out and choose <strong>Forgot password?</strong> on the login page: the link it mails to{' '}
          {user.email} sets a password beside Google sign-in.
        </p>
      )}
    </section>
  );
}
