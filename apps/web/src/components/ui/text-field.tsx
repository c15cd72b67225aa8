import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { errorIdOf, Field, hintIdOf } from './field';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  /** What the field means, under it. */
  hint?: string | undefined;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field label={label} htmlFor={inputId} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? hintIdOf(inputId) : '', error ? errorIdOf(inputId) : ''].filter(Boolean).join(' ') || undefined
        }
        {...rest}
      />
    </Field>
  );
});
