import { zodResolver } from '@hookform/resolvers/zod';
import { UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, DISPLAY_NAME_MAX_LENGTH, UpdateUserInputSchema, type User } from '@liveops/domain/accounts';
import { SAVED_MESSAGE_MS } from '@liveops/domain/shared';
import { SaveBar } from '../../../components/save-bar';
import { TextField } from '../../../components/ui/text-field';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useUpdateDisplayName } from '../api/update-display-name';
import styles from '../account.module.css';

const DisplayNameFormSchema = z.object({ name: UpdateUserInputSchema.shape.name.unwrap() });
type DisplayNameForm = z.infer<typeof DisplayNameFormSchema>;

/**
 * The name the dashboard greets by, and the address the account signs in with. Saved with the app's save bar
 * (decision 055): its line says it saved, for 3 s, or what went wrong.
 */
export function DisplayNameSection({ user }: { user: User }) {
  const update = useUpdateDisplayName();
  const { message: saved, show } = useTimedMessage<'saved'>();
  const stored = user.displayName ?? '';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<DisplayNameForm>({ resolver: zodResolver(DisplayNameFormSchema), defaultValues: { name: stored } });
  // A rename from another tab arrives through the live update: show it unless this form holds an edit.
  useEffect(() => {
    if (!isDirty) reset({ name: stored });
  }, [stored, isDirty, reset]);

  const onSubmit = ({ name }: DisplayNameForm) =>
    update.mutate(name, {
      onSuccess: () => {
        reset({ name });
        show('saved', ACCOUNT_MESSAGES.displayNameSaved, SAVED_MESSAGE_MS);
      },
    });

  return (
    <section className={`panel ${styles.section}`} aria-labelledby="profile-heading">
      <header className={styles.sectionHeader}>
        <UserRound size={20} aria-hidden className={styles.sectionIcon} />
        <div>
          <h2 className="panel-title" id="profile-heading">
            Profile
          </h2>
          <p className="muted">The dashboard greets you by your display name.</p>
        </div>
      </header>
      <dl className="facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
      <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label="Display name"
          autoComplete="name"
          placeholder={user.email}
          maxLength={DISPLAY_NAME_MAX_LENGTH + 20}
          error={errors.name?.message}
          {...register('name')}
        />
        <SaveBar
          label="Saving the name"
          dirty={isDirty}
          saving={update.isPending}
          dirtyLabel={ACCOUNT_MESSAGES.displayNameSaveDirty}
          cleanLabel={ACCOUNT_MESSAGES.saveButtonClean}
          saved={saved?.text ?? null}
          error={update.isError ? update.error.message || ACCOUNT_MESSAGES.displayNameSaveFailed : null}
          onDiscard={() => {
            update.reset();
            reset({ name: stored });
          }}
        />
      </form>
    </section>
  );
}
