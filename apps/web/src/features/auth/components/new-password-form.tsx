import { useMemo } from 'react';
import { newPasswordFormSchema, type NewPasswordForm as NewPasswordFormInput } from '@liveops/domain/auth';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** The reset page's form: the new password twice, under the sign-up rules, never the account's email. */
export function NewPasswordForm({
  email,
  submitting,
  onSubmit,
}: {
  email: string;
  submitting: boolean;
  onSubmit: (newPassword: string) => void;
}) {
  const schema = useMemo(() => newPasswordFormSchema(email), [email]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<NewPasswordFormInput>(schema, { newPassword: '', confirmPassword: '' });
  return (
    <form className="stack" noValidate onSubmit={handleSubmit((input) => onSubmit(input.newPassword))}>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
      />
      <Button type="submit" className="btn-block" loading={submitting}>
        Set new password
      </Button>
    </form>
  );
}
