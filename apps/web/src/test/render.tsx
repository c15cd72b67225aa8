import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { RouterPageNavigation } from '../app/router-page-navigation';

/**
 * Renders with the providers the app gives every page: a fresh query client and a router, which also serves the
 * sign-in pages' navigation.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <RouterPageNavigation>{ui}</RouterPageNavigation>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
