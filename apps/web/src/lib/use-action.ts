import { useCallback, useState } from 'react';

type Callbacks<T> = { onSuccess?: (result: T) => void; onError?: (error: Error) => void };

/**
 * A request started by the user, with whether it is under way: TanStack Query's useMutation without the query
 * cache, for the sign-in pages, whose first visit loads no TanStack Query.
 */
export function useAction<I, T>(action: (input: I) => Promise<T>) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (input: I, { onSuccess, onError }: Callbacks<T> = {}) => {
      setPending(true);
      action(input).then(
        (result) => {
          setPending(false);
          onSuccess?.(result);
        },
        (error: unknown) => {
          setPending(false);
          onError?.(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
    [action],
  );
  return { mutate, isPending };
}
