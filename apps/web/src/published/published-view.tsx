import { EMBED_MESSAGES, PUBLISHED_MESSAGES } from '@liveops/domain/published';
import { DailyRewardsView } from '@liveops/views';
import type { PublishedActions, PublishedState } from './published-controller';

/**
 * What the published page shows: the popup, drawn by the same renderer as the editor's preview with a close
 * button over it; "Loading…" while config.json loads; or what went wrong, with a close button, never a blank page.
 * A popup that claims by itself (decision 036) shows today claimed with when the next reward comes on its claim
 * button, or why a claim granted nothing above the popup.
 */
export function PublishedView({ state, actions }: { state: PublishedState; actions: PublishedActions }) {
  if (state.status === 'ready') {
    return (
      <>
        <DailyRewardsView
          config={state.config}
          packs={state.config.packs}
          assets={state.config.assets}
          params={state.params}
          onClaim={actions.claim}
          claimPending={state.claiming === true}
          {...(state.claimed ? { todayClaimed: { label: state.claimed.label } } : {})}
          onClose={actions.close}
        />
        {state.claimError && (
          <p className="published-claim-error" role="alert">
            {state.claimError}
          </p>
        )}
      </>
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
