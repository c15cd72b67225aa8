import { type DailyRewardsParams } from '@liveops/domain/daily-rewards';
import { embedFrame } from '@liveops/domain/layout';
import {
  EMBED_LOADED_MESSAGE,
  EMBED_MESSAGES,
  type EmbedConfig,
  type EmbedInitMessage,
  readEmbedQuery,
} from '@liveops/domain/popup';
import { DailyRewardsView, VIEWS_CSS } from '@liveops/views';
import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { loadStoredConfig } from './load-stored-config';
import { useHostInit } from './use-host-init';

type EmbedState =
  | { status: 'loading' }
  | { status: 'ready'; config: EmbedConfig; params: DailyRewardsParams }
  | { status: 'no-config' };

/**
 * What the query asks for: a config in it (shown at once; one that does not decode is "No configuration
 * provided.", not a reason to load another), else the stored config named by gameId and featureId (loading), else
 * nothing.
 */
function readStartQuery(search: string): {
  start: EmbedState;
  params: DailyRewardsParams;
  stored: { gameId: string; featureId: string } | null;
} {
  const query = new URLSearchParams(search);
  const { config, params, gameId, featureId } = readEmbedQuery(query);
  if (config) return { start: { status: 'ready', config, params }, params, stored: null };
  if (!gameId || !featureId || query.has('config')) return { start: { status: 'no-config' }, params, stored: null };
  return { start: { status: 'loading' }, params, stored: { gameId, featureId } };
}

/**
 * /embed/daily_rewards: the config from the query (base64 or base64url JSON), else the stored one named by
 * gameId and featureId, shown in the 9:16 frame; "Loading…" until then, "No configuration provided." when there
 * is none. A host's CB_INIT replaces config and params at any time. The parent is told "loaded" once, after the
 * first outcome has rendered (the popup or the no-config state), so a host that sends its config only by message
 * knows when to send it.
 */
export function EmbedPage({ search }: { search: string }) {
  const [query] = useState(() => readStartQuery(search));
  const [state, setState] = useState<EmbedState>(query.start);

  useEffect(() => {
    const { stored, params } = query;
    if (!stored) return;
    const controller = new AbortController();
    void loadStoredConfig(stored.gameId, stored.featureId, controller.signal).then((config) => {
      if (controller.signal.aborted) return;
      // A host's CB_INIT that arrived while loading wins over the stored config.
      setState((current) =>
        current.status !== 'loading' ? current : config ? { status: 'ready', config, params } : { status: 'no-config' },
      );
    });
    return () => controller.abort();
  }, [query]);

  useHostInit(
    useCallback(
      ({ payload }: EmbedInitMessage) => setState({ status: 'ready', config: payload.config, params: payload.params }),
      [],
    ),
  );

  const toldParent = useRef(false);
  useEffect(() => {
    if (state.status === 'loading' || toldParent.current) return;
    toldParent.current = true;
    if (window.parent !== window) window.parent.postMessage(EMBED_LOADED_MESSAGE, '*');
  }, [state.status]);

  // The popup is laid out at the frame's own size (360×640, or 640×360 for a landscape game, decision 023) and
  // scaled with it when the window is smaller, as a phone 360 CSS pixels wide would show it, never re-flowed
  // into a narrower column.
  const size = embedFrame(state.status === 'ready' ? state.config.orientation : undefined);
  const frameSize = useMemo(
    () =>
      ({
        '--embed-frame-width': `${size.width}px`,
        '--embed-frame-ratio': String(size.aspectRatio),
      }) as CSSProperties,
    [size],
  );
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScale(element.clientWidth > 0 ? element.clientWidth / size.width : 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [size]);

  return (
    <main className="embed-screen">
      <style>{VIEWS_CSS}</style>
      <div ref={frame} className="embed-frame" style={frameSize}>
        <div className="embed-canvas" style={{ width: size.width, height: size.height, transform: `scale(${scale})` }}>
          {state.status === 'ready' ? (
            <DailyRewardsView
              config={state.config}
              packs={state.config.packs}
              assets={state.config.assets}
              params={state.params}
            />
          ) : (
            <p className="embed-status" role="status">
              {state.status === 'loading' ? EMBED_MESSAGES.loading : EMBED_MESSAGES.noConfig}
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
