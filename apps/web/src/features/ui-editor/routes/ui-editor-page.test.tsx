import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import { dailyRewardQueryKey } from '../../../lib/api/daily-rewards/get-daily-reward';
import { dailyRewardConfig, runningExperiment } from '../../../test/daily-reward';
import { UiEditorPage } from './ui-editor-page';

const experiment = runningExperiment();

const base = dailyRewardConfig({ rewardsVersion: 1, experiment });

/** The server: the config (its experiment can end meanwhile), and its layout route. */
function server() {
  const state = { config: base, layoutPuts: [] as { uiLayout: unknown; baseVersion?: number }[] };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const url = new URL(path, 'http://dashboard.test');
      if (url.pathname === '/api/daily-rewards/c1') return json(state.config);
      if (url.pathname === '/api/games/g1/daily-rewards/c1/layout' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { uiLayout: unknown; baseVersion?: number };
        state.layoutPuts.push(body);
        state.config = {
          ...state.config,
          uiLayout: body.uiLayout as DailyReward['uiLayout'],
          layoutVersion: state.config.layoutVersion + 1,
        };
        return json(state.config);
      }
      if (url.pathname === '/api/games/g1/assets') return json([]);
      return json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    }),
  );
  return state;
}

function renderEditor(route: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/ui-editor/:featureType/:featureId', element: <UiEditorPage /> }], {
    initialEntries: [route],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // jsdom has no ResizeObserver; the preview measures its frame with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The experiment ends elsewhere, and the live update reaches this tab. */
async function experimentEnds(state: ReturnType<typeof server>, queryClient: QueryClient) {
  state.config = { ...state.config, experiment: null, layoutVersion: state.config.layoutVersion + 1 };
  await queryClient.invalidateQueries({ queryKey: dailyRewardQueryKey('c1') });
}

describe('the UI editor on a variant that goes away', () => {
  it('keeps the unsaved changes and says so, and saves them as the config’s layout when asked', async () => {
    const state = server();
    const { queryClient, router } = renderEditor('/ui-editor/daily_rewards/c1?variant=B');
    expect(await screen.findByText('Launch Week · variant Big chest')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    const edited = screen.getAllByRole('treeitem').length;

    await experimentEnds(state, queryClient);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Variant Big chest no longer exists.');
    expect(alert).toHaveTextContent('Your unsaved changes are still here');
    // Not switched: still B's document with the change, and nothing to save it to as B.
    expect(screen.getByText('Launch Week · variant Big chest')).toBeInTheDocument();
    expect(screen.getAllByRole('treeitem')).toHaveLength(edited);
    expect(screen.getByRole('button', { name: /^Save$/ })).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Save as the config’s layout' }));
    // Saved on the config's version now, then the config's layout opens with the change.
    expect(await screen.findByText('Launch Week', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(state.layoutPuts).toHaveLength(1);
    expect(state.layoutPuts[0]!.baseVersion).toBe(1);
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('treeitem')).toHaveLength(edited);
  }, 60_000);

  it('asks before leaving unsaved changes for the config’s layout', async () => {
    const state = server();
    const { queryClient, router } = renderEditor('/ui-editor/daily_rewards/c1?variant=B');
    await screen.findByText('Launch Week · variant Big chest');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await experimentEnds(state, queryClient);
    await user.click(
      within(await screen.findByRole('alert')).getByRole('button', { name: 'Open the config’s layout' }),
    );
    // The leave guard asks; staying keeps the changes.
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave with unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.search).toBe('?variant=B');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(state.layoutPuts).toHaveLength(0);
  }, 60_000);

  it('says so when nothing was unsaved, rather than switching without a word', async () => {
    const state = server();
    const { queryClient, router } = renderEditor('/ui-editor/daily_rewards/c1?variant=B');
    await screen.findByText('Launch Week · variant Big chest');
    await experimentEnds(state, queryClient);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing unsaved is lost');
    expect(within(alert).queryByRole('button', { name: 'Save as the config’s layout' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Open the config’s layout' }));
    expect(await screen.findByText('Launch Week', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  }, 60_000);
});

describe('the UI editor opened on a variant the config no longer has', () => {
  it('opens the config’s own layout and says why, and the address no longer names the variant', async () => {
    const state = server();
    state.config = { ...base, experiment: null };
    const { router } = renderEditor('/ui-editor/daily_rewards/c1?variant=B');
    expect(
      await screen.findByText(UI_EDITOR_MESSAGES.variantNotFound('B'), undefined, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Launch Week')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  }, 60_000);

  it('says nothing when the address names the control, whose layout is the config’s', async () => {
    server();
    const control = experiment.variants.find((variant) => variant.control)!;
    const { router } = renderEditor(`/ui-editor/daily_rewards/c1?variant=${control.id}`);
    expect(await screen.findByText('Launch Week', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText(UI_EDITOR_MESSAGES.variantNotFound(control.id))).not.toBeInTheDocument();
    expect(router.state.location.search).toBe(`?variant=${control.id}`);
  }, 60_000);
});
