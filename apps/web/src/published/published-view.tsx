import { EMBED_MESSAGES, PUBLISHED_MESSAGES } from '@liveops/domain/published';
import { DailyRewardsView } from '@liveops/views';
import type { PublishedActions, PublishedState } from './published-controller';

/**
 * What the published page shows: the popup, drawn by the same renderer as the editor's preview with a close
 * button over it; "Loading…" while config.json loads; or what went wrong, with a close button, never a blank page.
 */
export function PublishedView({ state, actions }: { state: PublishedState; actions: PublishedActions }) {
  if (state.status === 'ready') {
    return (
      <DailyRewardsView
        config={state.config}
        packs={state.config.packs}
        assets={state.config.assets}
        params={state.params}
        onClaim={actions.claim}
        claimPending={state.claiming === true}
        onClose={actions.close}
      />
    );
  }
  if (state.status === 'loading') {
    return (
      <main className="published-status">
        <p role="status">{EMBED_MESSAGES.loading}</p>
      </main>
    );
  }
  return (
    <main className="published-status">
      <div role="alert">
        <h1>{PUBLISHED_MESSAGES.title}</h1>
        <p>{state.message}</p>
      </div>
      <button type="button" onClick={actions.close}>
        {PUBLISHED_MESSAGES.close}
      </button>
    </main>
  );
}
