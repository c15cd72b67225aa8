import { useCallback, useRef, useState, type FormEvent } from 'react';

/** What a zod or zod/mini schema offers: a parse that answers the value or its issues. */
type Schema<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
};
type Issue = { path: readonly PropertyKey[]; message: string };
type Fields<T> = Extract<keyof T, string>;

/**
 * A small form of text inputs checked by a schema, for the sign-in pages, whose first visit has a JavaScript
 * budget that react-hook-form (14 KB gzip) does not fit. It behaves as the signed-in app's
 * react-hook-form forms do: inputs stay uncontrolled, the schema runs on submit, after a refused submit again on
 * every change, and the first field with an error takes the focus.
 */
export function useSchemaForm<T extends Record<string, string>>(schema: Schema<T>, defaultValues: T) {
  const values = useRef<Record<string, string>>({ ...defaultValues });
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<Fields<T>, { message: string }>>>({});

  const check = useCallback(() => {
    const parsed = schema.safeParse(values.current);
    if (parsed.success) return { data: parsed.data, found: {} };
    const found: Partial<Record<Fields<T>, { message: string }>> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '') as Fields<T>;
      found[name] ??= { message: issue.message };
    }
    return { data: null, found };
  }, [schema]);

  const register = (name: Fields<T>, options: { onChange?: (event: { target: { value: string } }) => void } = {}) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      if (!input) return void inputs.current.delete(name);
      if (!inputs.current.has(name)) input.value = values.current[name] ?? '';
      inputs.current.set(name, input);
    },
    onChange: (event: { target: { value: string } }) => {
      values.current[name] = event.target.value;
      options.onChange?.(event);
      if (submitted.current) setErrors(check().found);
    },
  });

  const handleSubmit = (onValid: (data: T) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { data, found } = check();
    setErrors(found);
    if (data) return onValid(data);
    const first = [...inputs.current.entries()].find(([name]) => name in found)?.[1];
    first?.focus();
  };

  // Stable, as react-hook-form's are: callers list them in an effect's dependencies.
  const getValues = useCallback((name: Fields<T>) => values.current[name] ?? '', []);
  const setValue = useCallback((name: Fields<T>, value: string) => {
    values.current[name] = value;
    const input = inputs.current.get(name);
    if (input) input.value = value;
  }, []);

  return { register, handleSubmit, getValues, setValue, formState: { errors } };
}
