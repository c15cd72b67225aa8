import { useEffect, useState } from 'react';

type AsyncState<T> =
  | { isPending: true; data: undefined; error: null }
  | { isPending: false; data: T; error: null }
  | { isPending: false; data: undefined; error: Error };

const pending = { isPending: true, data: undefined, error: null } as const;

/**
 * The answer of a request made when the component shows, and again whenever `key` changes: a query without the
 * query cache, for the sign-in pages, whose first visit loads no TanStack Query. An answer that comes after the
 * component has gone, or after the key has changed, is dropped.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, key: string): AsyncState<T> {
  const [state, setState] = useState<{ key: string; value: AsyncState<T> }>({ key, value: pending });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, value: { isPending: false, data, error: null } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const value = error instanceof Error ? error : new Error(String(error));
        setState({ key, value: { isPending: false, data: undefined, error: value } });
      },
    );
    return () => controller.abort();
    // `load` is read when the key changes, as a query reads its function when its key changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.value : pending;
}
