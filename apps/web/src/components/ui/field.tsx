import * as Label from '@radix-ui/react-label';
import type { ReactNode } from 'react';

/**
 * A labelled form control with its error underneath. The control is passed as children and carries
 * `id={htmlFor}`, `aria-invalid` and `aria-describedby={errorIdOf(htmlFor)}` itself.
 */
export function Field({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <Label.Root className="field-label" htmlFor={htmlFor}>
        {label}
      </Label.Root>
      {children}
      {error ? (
        <p className="field-error" id={errorIdOf(htmlFor)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function errorIdOf(htmlFor: string): string {
  return `${htmlFor}-error`;
}
