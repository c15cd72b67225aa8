import * as Label from '@radix-ui/react-label';
import type { ReactNode } from 'react';

/**
 * A labelled form control with what it means (hint) and its error underneath. The control is passed as children and
 * carries `id={htmlFor}`, `aria-invalid` and `aria-describedby` (hintIdOf, errorIdOf) itself.
 */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <Label.Root className="field-label" htmlFor={htmlFor}>
        {label}
      </Label.Root>
      {children}
      {hint ? (
        <p className="hint" id={hintIdOf(htmlFor)}>
          {hint}
        </p>
      ) : null}
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

export function hintIdOf(htmlFor: string): string {
  return `${htmlFor}-hint`;
}
