import type { ComponentPropsWithRef } from 'react';
import { TextField } from './text-field';

/**
 * A new password and its confirmation, under the sign-up rules: the reset page and account settings ask the same
 * way. The caller's form registers both and lays them out (stacked, or side by side in `className`).
 */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
  className,
}: {
  /** What the form's register() gives for each field. */
  newPassword: ComponentPropsWithRef<'input'>;
  confirmPassword: ComponentPropsWithRef<'input'>;
  errors: { newPassword?: { message?: string | undefined }; confirmPassword?: { message?: string | undefined } };
  className?: string;
}) {
  const fields = (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        error={errors.newPassword?.message}
        {...newPassword}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        placeholder="The same again"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
    </>
  );
  return className ? <div className={className}>{fields}</div> : fields;
}
