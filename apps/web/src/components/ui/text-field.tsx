import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { errorIdOf, Field } from './field';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined };

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field label={label} htmlFor={inputId} error={error}>
      <input
        ref={ref}
        id={inputId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(inputId) : undefined}
        {...rest}
      />
    </Field>
  );
});
