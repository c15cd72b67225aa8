import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DAILY_REWARD_MESSAGES, type DailyReward } from '@liveops/domain/daily-rewards';
import { EMBED_FEATURE_TYPE } from '@liveops/domain/popup';
import { FullPageStatus } from '../../../components/full-page-status';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useDailyReward } from '../../../lib/api/daily-rewards/get-daily-reward';
import { useEmbedConfig } from '../../../lib/api/daily-rewards/get-embed-config';
import { DailyRewardsEditor } from '../components/daily-rewards-editor';
import { VariantSwitcher } from '../components/variant-switcher';
import { editedLayout, VARIANT_PARAM } from '../edited-layout';
import type { Leaves } from '../../../lib/use-leave-guard';
import { UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import styles from './ui-editor-page.module.css';

/**
 * /ui-editor/:featureType/:featureId: the visual editor of a feature config's popup layout. Only daily rewards
 * have a popup; a config that is not the signed-in owner's is answered exactly like a missing one.
 */
export function UiEditorPage() {
  const { featureType = '', featureId = '' } = useParams();
  if (featureType !== EMBED_FEATURE_TYPE) {
    return <NotFound message={UI_EDITOR_MESSAGES.unknownFeature(featureType)} />;
  }
  return <DailyRewardsEditorPage key={featureId} dailyRewardId={featureId} />;
}

function NotFound({ message }: { message: string }) {
  return (
    <div className={styles.missing}>
      <FullPageStatus busy={false}>{message}</FullPageStatus>
      <Link to={paths.dashboard()} className="btn btn-secondary btn-sm">
        Back to the dashboard
      </Link>
    </div>
  );
}

function DailyRewardsEditorPage({ dailyRewardId }: { dailyRewardId: string }) {
  const config = useDailyReward(dailyRewardId);
  if (config.isPending) return <FullPageStatus>Loading the editor…</FullPageStatus>;
  if (config.isError) {
    if (config.error instanceof ApiError && config.error.status === 404) {
      return <NotFound message={DAILY_REWARD_MESSAGES.notFound} />;
    }
    return (
      <LoadError
        message={config.error.message || UI_EDITOR_MESSAGES.loadFailed}
        onRetry={() => void config.refetch()}
      />
    );
  }
  return <LoadedConfig config={config.data} />;
}

/** Another page, or another variant of the same config's layout. */
const leavesVariant: Leaves = (current, next) =>
  current.pathname !== next.pathname ||
  new URLSearchParams(current.search).get(VARIANT_PARAM) !== new URLSearchParams(next.search).get(VARIANT_PARAM);

/** The config's game is known only once it has loaded: its packs, assets and theme load then. */
function LoadedConfig({ config }: { config: DailyReward }) {
  const embed = useEmbedConfig(config.gameId, config.id);
  // A failure to load the preview's packs or assets is only logged; the editor still opens.
  useEffect(() => {
    if (embed.error) console.warn('Could not load the packs and assets for the preview:', embed.error);
  }, [embed.error]);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const requested = params.get(VARIANT_PARAM);
  const variant = editedLayout(config, requested).variant;
  // The last config that had the variant asked for: when the variant goes (its experiment ended or promoted
  // elsewhere, heard live) the editor stays on it, with what it had, and says so, instead of switching to the
  // config's own layout and dropping the unsaved changes.
  const [lastWithVariant, setLastWithVariant] = useState<DailyReward | null>(null);
  if (variant && lastWithVariant !== config) setLastWithVariant(config);
  const gone =
    !variant && requested !== null && lastWithVariant && editedLayout(lastWithVariant, requested).variant
      ? lastWithVariant
      : null;
  // Opened on a variant the config no longer has (an older link): the config's own layout, said once, and the
  // address no longer names the variant. The control's id names the config's layout anyway.
  const unknownVariant =
    requested !== null &&
    !variant &&
    !gone &&
    !config.experiment?.variants.some((entry) => entry.id === requested && entry.control);
  useEffect(() => {
    if (!unknownVariant) return;
    toast.info(UI_EDITOR_MESSAGES.variantNotFound(requested), { id: `variant-not-found-${requested}` });
    void navigate(pathname, { replace: true });
  }, [unknownVariant, requested, navigate, pathname]);
  if (embed.isPending) return <FullPageStatus>Loading the editor…</FullPageStatus>;
  // An experiment's variant (?variant=B) is edited in its own editor; the control, and a variant that is gone when
  // the editor opens, are the config's own layout.
  const variantId = variant?.id ?? (gone ? requested : null);
  return (
    <DailyRewardsEditor
      key={variantId ?? ''}
      config={gone ?? config}
      embed={embed.data ?? null}
      variantId={variantId}
      variantGone={
        gone
          ? {
              current: config,
              openConfig: () => void navigate(pathname, { replace: true }),
            }
          : null
      }
      leaves={leavesVariant}
      switcher={
        config.experiment ? (
          <VariantSwitcher experiment={config.experiment} editing={variantId} pathname={pathname} />
        ) : null
      }
    />
  );
}
