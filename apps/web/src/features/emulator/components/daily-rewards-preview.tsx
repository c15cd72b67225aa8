import { RotateCcw, SkipForward, Gift } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { type DailyRewardsParams } from '@liveops/domain/daily-rewards';
import { defaultCanvasSize } from '@liveops/domain/layout';
import { emulatorUrl, type EmbedConfig } from '@liveops/domain/popup';
import { DailyRewardsView } from '@liveops/views';
import { PreviewFrame } from '../../../components/preview-frame/preview-frame';
import { Button } from '../../../components/ui/button';
import { useEmbedConfig } from '../../../lib/api/daily-rewards/get-embed-config';
import { initMessage } from '../init-message';
import { PLAY_CYCLE_HINT, type PlayCycleAction } from '../play-cycle';
import styles from '../emulator.module.css';
import { WebViewIntegration } from './webview-integration';

/**
 * A chosen daily reward config in the emulator: its popup in the preview frame, played with Claim, Next day and
 * Reset (the popup's own claim button is Claim), and the WebView Integration panel for the same config and params.
 */
export function DailyRewardsPreview({
  gameId,
  configId,
  params,
  dispatch,
}: {
  gameId: string;
  configId: string;
  params: DailyRewardsParams;
  dispatch: (action: PlayCycleAction) => void;
}) {
  const embed = useEmbedConfig(gameId, configId);

  // A failure to hydrate the preview is only logged, and the preview is cleared.
  useEffect(() => {
    if (embed.error) console.error('Could not load the daily reward config for the preview:', embed.error);
  }, [embed.error]);

  if (embed.isPending) return <p className={`muted ${styles.status}`}>Loading preview…</p>;
  if (!embed.data) return null;
  return <LoadedPreview config={embed.data} params={params} dispatch={dispatch} />;
}

function LoadedPreview({
  config,
  params,
  dispatch,
}: {
  config: EmbedConfig;
  params: DailyRewardsParams;
  dispatch: (action: PlayCycleAction) => void;
}) {
  const url = useMemo(() => emulatorUrl(window.location.origin, config, params), [config, params]);
  const message = useMemo(() => initMessage(config, params), [config, params]);
  const claim = () => dispatch({ type: 'claim' });
  return (
    <div className={styles.results}>
      <section className={`panel ${styles.preview}`} aria-labelledby="emulator-preview-heading">
        <div className={styles.previewHead}>
          <h2 className="panel-title" id="emulator-preview-heading">
            Preview
          </h2>
          <div className={styles.play}>
            <Button type="button" size="sm" onClick={claim}>
              <Gift size={14} aria-hidden />
              Claim
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => dispatch({ type: 'nextDay' })}>
              <SkipForward size={14} aria-hidden />
              Next day
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => dispatch({ type: 'reset' })}>
              <RotateCcw size={14} aria-hidden />
              Reset
            </Button>
          </div>
        </div>
        <p className={`muted ${styles.hint}`}>{PLAY_CYCLE_HINT}</p>
        <PreviewFrame
          // A landscape game's popup is previewed on a landscape screen first (decision 023).
          key={config.orientation ?? 'portrait'}
          title="Daily reward preview"
          defaultSize={defaultCanvasSize(config.orientation)}
        >
          <DailyRewardsView
            config={config}
            packs={config.packs}
            assets={config.assets}
            params={params}
            onClaim={claim}
          />
        </PreviewFrame>
      </section>
      <WebViewIntegration url={url} message={message} />
    </div>
  );
}
