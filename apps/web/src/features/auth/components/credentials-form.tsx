import { useEffect, type ReactNode } from 'react';
import { SignInInputSchema, SignUpInputSchema, type SignInInput } from '@liveops/domain/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';

type CredentialsFormProps = {
  mode: 'login' | 'signup';
  submitting: boolean;
  defaultEmail?: string;
  onSubmit: (input: SignInInput) => void;
  /** Lets the card read the typed email, for Resend Verification Email. */
  onEmailChange?: (email: string) => void;
  /** Shown under the password field (the login side's "Forgot password?"). */
  belowPassword?: ReactNode;
};

/** Email and password, both required; sign-up also applies the password length rule the server applies. */
export function CredentialsForm({
  mode,
  submitting,
  defaultEmail = '',
  onSubmit,
  onEmailChange,
  belowPassword,
}: CredentialsFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useSchemaForm<SignInInput>(mode === 'login' ? SignInInputSchema : SignUpInputSchema, {
    email: defaultEmail,
    password: '',
  });
  // Both faces show the same email: what is typed on one side is there after the flip.
  useEffect(() => {
    if (getValues('email') !== defaultEmail) setValue('email', defaultEmail);
  }, [defaultEmail, getValues, setValue]);
  const email = register('email', {
    onChange: (event: { target: { value: string } }) => onEmailChange?.(event.target.value),
  });
  return (
    <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@studio.com"
        error={errors.email?.message}
        {...email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        placeholder={mode === 'login' ? 'Your password' : 'At least 8 characters'}
        error={errors.password?.message}
        {...register('password')}
      />
      {belowPassword}
      <Button type="submit" className="btn-block" loading={submitting}>
        {mode === 'login' ? 'Log in' : 'Sign up'}
      </Button>
    </form>
  );
}
