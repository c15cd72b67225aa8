import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ApiError } from '../lib/api-client';
import { createRouter } from './router';

/**
 * A failed read is tried again (up to 3 times) when it may pass later: the network, a 5xx. A 4xx is the answer
 * (not found, not allowed) and shows at once: a config deleted in another tab says so without seconds of retries.
 */
const retry = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3;

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true, retry } } }),
  );
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
