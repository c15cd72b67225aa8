import { CalendarCheck } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useCreateDailyReward } from '../../../lib/api/daily-rewards/create-daily-reward';
import { useDailyRewards } from '../../../lib/api/daily-rewards/get-daily-rewards';
import type { Leaves } from '../../../lib/use-leave-guard';
import { PageHeader } from '../../../components/page-header';
import { Page } from '../../../components/page';
import { DailyRewardEditor } from '../components/daily-reward-editor';
import { DailyRewardList } from '../components/daily-reward-list';
import { TargetingOverlaps } from '../components/targeting-overlaps';
import styles from './daily-rewards-tab.module.css';

/** The query parameter naming the selected config, here and in the Emulator tab. */
const CONFIG_PARAM = 'config';

/**
 * /dashboard/game/:gameId/daily-rewards: the game's 7-day reward configs and the editor of the selected one. The
 * selection lives in the address (?config=…); the first config stands in when none is chosen or the chosen one
 * is gone (deleted here or in another tab).
 */
export function DailyRewardsTab() {
  const gameId = useParams().gameId ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const configs = useDailyRewards(gameId);
  const create = useCreateDailyReward(gameId);
  const chosenId = searchParams.get(CONFIG_PARAM);
  const selected = configs.data?.find((c) => c.id === chosenId) ?? configs.data?.[0];

  // The editor's draft belongs to one config: another page, or this page with another config selected, leaves it.
  const leaves: Leaves = (current, next) =>
    current.pathname !== next.pathname ||
    (new URLSearchParams(next.search).get(CONFIG_PARAM) ?? configs.data?.[0]?.id) !== selected?.id;
  const select = (id: string) => setSearchParams({ [CONFIG_PARAM]: id }, { replace: true });
  const createConfig = () =>
    create.mutate(
      {},
      {
        onSuccess: (created) => select(created.id),
        onError: (error) => toast.error(error.message || 'Could not create a daily reward. Please try again.'),
      },
    );
  const emulatorPath = `${paths.game(gameId, 'emulator')}${
    selected ? `?${new URLSearchParams({ [CONFIG_PARAM]: selected.id }).toString()}` : ''
  }`;
  const createButton = (
    <Button onClick={createConfig} loading={create.isPending}>
      + Create Daily Reward
    </Button>
  );

  return (
    <Page>
      <PageHeader
        title="Daily Rewards"
        intro="7-day reward cycles: each day of the cycle gives players a pack."
        actions={
          <>
            <Button asChild variant="secondary">
              <Link to={emulatorPath}>+ Open Emulator</Link>
            </Button>
            {createButton}
          </>
        }
      />
      {configs.isPending ? (
        <section className="panel">
          <p className="muted">Loading daily rewards…</p>
        </section>
      ) : configs.isError ? (
        <section className="panel">
          <LoadError message="Could not load daily rewards." onRetry={() => void configs.refetch()} />
        </section>
      ) : !selected ? (
        <section className="panel empty-state">
          <CalendarCheck size={28} aria-hidden className="placeholder-icon" />
          <p>No daily rewards yet</p>
          {createButton}
        </section>
      ) : (
        <>
          <TargetingOverlaps configs={configs.data} />
          <div className={styles.layout}>
            <section className="panel daily-rewards-configs" aria-labelledby="daily-rewards-heading">
              <h2 className="panel-title" id="daily-rewards-heading">
                Configs ({configs.data.length})
              </h2>
              <DailyRewardList configs={configs.data} selectedId={selected.id} onSelect={select} />
            </section>
            <DailyRewardEditor key={selected.id} gameId={gameId} config={selected} leaves={leaves} />
          </div>
        </>
      )}
    </Page>
  );
}
