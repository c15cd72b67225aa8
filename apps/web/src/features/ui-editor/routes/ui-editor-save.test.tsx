import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { LAYOUT_SAVE_TIMEOUT_MS, UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import { topicKey } from '../../../lib/api/query-keys';
import { dailyRewardConfig } from '../../../test/daily-reward';
import { UiEditorPage } from './ui-editor-page';

/**
 * The server, with its answers in the test's hands: each layout PUT waits until the test answers it (or never is),
 * and once `holdReads` is set every read of the config or its embed config waits for good, as a read cut off by a
 * busy server or held by a retry in a background tab does. Like a real fetch, a request whose signal aborts fails.
 */
function server() {
  const state = {
    config: dailyRewardConfig(),
    holdReads: false,
    puts: [] as { body: { uiLayout: unknown; baseVersion?: number }; answer: () => void }[],
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const pending = (signal: AbortSignal | null | undefined) =>
    new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const url = new URL(path, 'http://dashboard.test');
      if (url.pathname === '/api/games/g1/daily-rewards/c1/layout' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { uiLayout: unknown; baseVersion?: number };
        return new Promise<Response>((resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
          state.puts.push({
            body,
            answer: () => {
              state.config = {
                ...state.config,
                uiLayout: body.uiLayout as DailyReward['uiLayout'],
                layoutVersion: state.config.layoutVersion + 1,
              };
              resolve(json(state.config));
            },
          });
        });
      }
      if (url.pathname === '/api/daily-rewards/c1') {
        return state.holdReads ? pending(init?.signal) : json(state.config);
      }
      if (url.pathname === '/api/games/g1/daily-rewards/c1/embed-config') {
        return state.holdReads ? pending(init?.signal) : json({ name: state.config.name });
      }
      if (url.pathname === '/api/games/g1/assets') return json([]);
      return json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    }),
  );
  return state;
}

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/ui-editor/:featureType/:featureId', element: <UiEditorPage /> }], {
    initialEntries: ['/ui-editor/daily_rewards/c1'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient };
}

/**
 * Bounds for a busy machine (the first render loads the whole editor: 40 s beside two CPU hogs at a load of 28):
 * the outcome never depends on them, only how long a failure takes to show.
 */
const SLOW = { timeout: 60_000 };
const TEST_TIMEOUT_MS = 180_000;

/** What the header's status says ('' when saved). */
const status = () => document.querySelector('.ui-editor-status')?.textContent ?? '';

/** Opens the editor on a config and makes one edit: the editor is dirty. */
async function editedEditor() {
  const state = server();
  const { queryClient } = renderEditor();
  await screen.findByText('Launch Week', undefined, SLOW);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add' }));
  expect(status()).toBe(UI_EDITOR_MESSAGES.unsaved);
  return { state, queryClient, user };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a save in the UI editor', () => {
  it(
    'ends as saved when a live update arrives mid-save and its reads never answer',
    async () => {
      const { state, queryClient, user } = await editedEditor();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await vi.waitFor(() => expect(state.puts).toHaveLength(1), SLOW);
      expect(status()).toBe(UI_EDITOR_MESSAGES.saving);

      // The save's own live update (or another tab's) arrives before its answer: every config query refetches, and
      // none of those reads ever answers.
      state.holdReads = true;
      act(() => void queryClient.invalidateQueries({ queryKey: topicKey('dailyRewards') }));
      act(() => state.puts[0]!.answer());

      // Saved: the answer is what the save waits for, not the reads it starts.
      await vi.waitFor(() => expect(status()).toBe(''), SLOW);
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(state.puts[0]!.body.baseVersion).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'ends as a clear error, keeping the changes, when the server never answers',
    async () => {
      const { state, user } = await editedEditor();
      // Only the clock that bounds the save is the test's; everything else runs in real time.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await vi.waitFor(() => expect(state.puts).toHaveLength(1), SLOW);
      expect(status()).toBe(UI_EDITOR_MESSAGES.saving);

      await act(() => vi.advanceTimersByTimeAsync(LAYOUT_SAVE_TIMEOUT_MS));
      expect(await screen.findByRole('alert', undefined, SLOW)).toHaveTextContent(UI_EDITOR_MESSAGES.saveTimedOut);
      // Not saved, and said so: the changes are still unsaved and Save tries again.
      expect(status()).toBe(UI_EDITOR_MESSAGES.unsaved);
      expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

      vi.useRealTimers();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await vi.waitFor(() => expect(state.puts).toHaveLength(2), SLOW);
      act(() => state.puts[1]!.answer());
      await vi.waitFor(() => expect(status()).toBe(''), SLOW);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    TEST_TIMEOUT_MS,
  );
});
