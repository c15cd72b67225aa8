import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ACCOUNT_MESSAGES, type User } from '@liveops/domain/accounts';
import { SAVED_MESSAGE_MS } from '@liveops/domain/shared';
import { changePasswordFormSchema, type ChangePasswordForm } from '@liveops/domain/auth';
import { SaveBar } from '../../../components/save-bar';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useChangePassword } from '../api/change-password';
import styles from '../account.module.css';

const EMPTY: ChangePasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: true,
};

/**
 * Change the password with the current one; or, for an account without one, how it signs in instead. Its button
 * waits for something typed and its line (the app's save bar, decision 055) says it changed, for 3 s, or what went
 * wrong; a wrong current password is said under its field.
 */
export function PasswordSection({ user, hasPassword }: { user: User; hasPassword: boolean }) {
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const { message: saved, show } = useTimedMessage<'saved'>();
  const schema = useMemo(() => changePasswordFormSchema(user.email), [user.email]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const [currentPassword, newPassword, confirmPassword] = useWatch({
    control,
    name: ['currentPassword', 'newPassword', 'confirmPassword'],
  });
  const typed = Boolean(currentPassword || newPassword || confirmPassword);

  const onSubmit = ({ currentPassword, newPassword, revokeOtherSessions }: ChangePasswordForm) => {
    setFailure(null);
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: () => {
          reset(EMPTY);
          show(
            'saved',
            revokeOtherSessions
              ? `${ACCOUNT_MESSAGES.passwordChanged} ${ACCOUNT_MESSAGES.otherSessionsSignedOut}`
              : ACCOUNT_MESSAGES.passwordChanged,
            SAVED_MESSAGE_MS,
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
            setError('currentPassword', { message: error.message }, { shouldFocus: true });
          } else {
            setFailure(error.message || ACCOUNT_MESSAGES.passwordSaveFailed);
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
          <SaveBar
            label="Change the password"
            savedWhenClean={false}
            dirty={typed}
            saving={change.isPending}
            dirtyLabel={ACCOUNT_MESSAGES.passwordSaveButton}
            cleanLabel={ACCOUNT_MESSAGES.passwordSaveButton}
            saved={saved?.text ?? null}
            error={failure}
            onDiscard={() => {
              setFailure(null);
              reset(EMPTY);
            }}
          />
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
