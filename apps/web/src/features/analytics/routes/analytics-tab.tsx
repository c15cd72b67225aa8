import { ChartColumn } from 'lucide-react';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ANALYTICS_QUERY_MESSAGES } from '@liveops/domain/analytics';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useDailyRewards } from '../../../lib/api/daily-rewards/get-daily-rewards';
import { useExperiments } from '../../../lib/api/daily-rewards/get-experiments';
import { hasFigures, presetRange, RANGE_PRESETS } from '../analytics-figures';
import { useAnalytics } from '../../../lib/api/analytics/get-analytics';
import styles from '../components/analytics.module.css';
import { CustomRangeForm, validCustom } from '../components/custom-range-form';
import { ExperimentComparisonSection } from '../components/experiment-comparison';
import { ExperimentPicker, NoExperiments } from '../components/experiment-picker';
import { Figures } from '../components/figures';

export const ANALYTICS_EMPTY = 'No events yet: players who open the popup from popupUrl appear here.';
const LOAD_FAILED = 'The figures could not be loaded.';

/** The address keeps the choices, so a link (or a reload) opens the same figures. */
const PARAM = {
  config: 'config',
  range: 'range',
  from: 'from',
  to: 'to',
  experiment: 'experiment',
  testers: 'testers',
} as const;
const DEFAULT_PRESET = 30;

/**
 * /dashboard/game/:gameId/analytics (decision 044): how the game's players meet its daily
 * rewards, from the server's daily rollups: by day, the cycle's funnel and the streaks, each as a chart, a table and
 * a CSV. The figures follow live (polled: events have no live topic).
 */
export function AnalyticsTab() {
  const gameId = useParams().gameId ?? '';
  const [params, setParams] = useSearchParams();
  const configs = useDailyRewards(gameId);
  const configId = params.get(PARAM.config) ?? '';
  const rangeParam = params.get(PARAM.range);
  const preset = RANGE_PRESETS.find((days) => String(days) === rangeParam) ?? DEFAULT_PRESET;
  const custom = rangeParam === 'custom' ? validCustom(params.get(PARAM.from), params.get(PARAM.to)) : null;
  const isCustom = rangeParam === 'custom';
  // A preset ends today (UTC): read again each minute, so the range moves on at midnight.
  const now = useNow();
  const range = custom ?? presetRange(preset, now);
  // The config's experiments: the comparison reads the one chosen (kept in the address), else the server's default
  // (the running one, else the newest). An id the config does not have is not asked for.
  const experiments = useExperiments(gameId, configId);
  const experimentParam = configId === '' ? '' : (params.get(PARAM.experiment) ?? '');
  const experimentId = experiments.data?.some((entry) => entry.id === experimentParam) ? experimentParam : '';
  const includeTesters = params.get(PARAM.testers) === 'include';
  const analytics = useAnalytics(
    { gameId, configId, ...range, experimentId, testers: includeTesters },
    // A link naming an experiment waits for the config's experiments, rather than showing the default one first.
    { enabled: experimentParam === '' || !experiments.isPending },
  );
  const configSelectId = useId();
  const testersId = useId();
  const rangeSelectId = useId();

  // flushSync: a switch or select shows its new state at once, not after the navigation's transition (a controlled
  // checkbox would otherwise spring back for a moment after the click).
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, flushSync: true },
    );

  const chooseRange = (value: string) =>
    value === 'custom'
      ? update({ [PARAM.range]: 'custom', [PARAM.from]: range.from, [PARAM.to]: range.to })
      : update({ [PARAM.range]: value, [PARAM.from]: null, [PARAM.to]: null });

  const configName = configs.data?.find((config) => config.id === configId)?.name;
  const unknownConfig = analytics.error instanceof ApiError && analytics.error.status === 404;

  return (
    <Page>
      <PageHeader
        title="Analytics"
        intro="How players meet your daily rewards: who saw the popup, who claimed, how far they get in the cycle. Days are UTC."
      />
      <section className="panel" aria-label="Filters">
        <div className={styles.filters}>
          <Field label="Daily reward" htmlFor={configSelectId}>
            <select
              id={configSelectId}
              className="input"
              value={configId}
              onChange={(event) => update({ [PARAM.config]: event.target.value, [PARAM.experiment]: null })}
            >
              <option value="">All daily rewards</option>
              {configs.data?.map((config) => (
                <option key={config.id} value={config.id}>
                  {config.name}
                </option>
              ))}
              {configId !== '' && !configs.data?.some((config) => config.id === configId) ? (
                <option value={configId}>
                  {configs.isPending ? 'Loading daily rewards…' : 'Unknown daily reward'}
                </option>
              ) : null}
            </select>
          </Field>
          <Field label="Range" htmlFor={rangeSelectId}>
            <select
              id={rangeSelectId}
              className="input"
              value={isCustom ? 'custom' : String(preset)}
              onChange={(event) => chooseRange(event.target.value)}
            >
              {RANGE_PRESETS.map((days) => (
                <option key={days} value={String(days)}>
                  Last {days} days
                </option>
              ))}
              <option value="custom">Custom…</option>
            </select>
          </Field>
        </div>
        <div className={styles.testers}>
          <input
            id={testersId}
            type="checkbox"
            checked={includeTesters}
            aria-describedby={`${testersId}-about`}
            onChange={(event) => update({ [PARAM.testers]: event.target.checked ? 'include' : null })}
          />
          <div>
            <label htmlFor={testersId}>Include test players</label>
            <p id={`${testersId}-about`} className="hint">
              Test players (Emulator, “Play as a test player”) are left out of every figure, chart and CSV unless this
              is on. A player counts as a test player for what they did while on the list.
            </p>
          </div>
        </div>
        {isCustom ? (
          <CustomRangeForm
            key={`${range.from}/${range.to}`}
            from={params.get(PARAM.from) ?? range.from}
            to={params.get(PARAM.to) ?? range.to}
            onApply={(chosen) => update({ [PARAM.from]: chosen.from, [PARAM.to]: chosen.to })}
          />
        ) : null}
        {isCustom && !custom ? (
          <p className="hint">Choose the first and last day, then Apply: the last {DEFAULT_PRESET} days until then.</p>
        ) : null}
      </section>

      {analytics.isPending ? (
        <section className="panel" aria-busy="true">
          <p className="muted">Loading the figures…</p>
        </section>
      ) : unknownConfig ? (
        <section className="panel stack-sm">
          <Alert tone="error">{ANALYTICS_QUERY_MESSAGES.configNotFound}</Alert>
          <div>
            <Button variant="secondary" size="sm" onClick={() => update({ [PARAM.config]: null })}>
              Show all daily rewards
            </Button>
          </div>
        </section>
      ) : analytics.isError && !analytics.data ? (
        <section className="panel">
          <LoadError
            message={
              analytics.error instanceof ApiError && analytics.error.message ? analytics.error.message : LOAD_FAILED
            }
            onRetry={() => void analytics.refetch()}
          />
        </section>
      ) : !hasFigures(analytics.data.days) ? (
        <section className="panel empty-state" role="status">
          <ChartColumn size={28} aria-hidden className="placeholder-icon" />
          <p>{ANALYTICS_EMPTY}</p>
          <p className="muted">
            {configName ? `${configName}, ` : ''}
            {analytics.data.from} to {analytics.data.to} (UTC).
          </p>
        </section>
      ) : (
        <>
          {analytics.isError ? (
            <Alert tone="error">The figures could not be refreshed: these are the last ones loaded.</Alert>
          ) : null}
          <Figures data={analytics.data} fileStem={configName ? slug(configName) : 'all-daily-rewards'} />
        </>
      )}
      {configId !== '' && !unknownConfig && experiments.data?.length === 0 ? (
        <NoExperiments gameId={gameId} />
      ) : analytics.data?.experiment && analytics.data.configId !== null && !unknownConfig ? (
        <ExperimentComparisonSection
          gameId={gameId}
          configId={analytics.data.configId}
          experiment={analytics.data.experiment}
          includesTestPlayers={analytics.data.includesTestPlayers}
          fileStem={configName ? slug(configName) : 'daily-reward'}
          picker={
            experiments.data && experiments.data.length > 0 ? (
              <ExperimentPicker
                experiments={experiments.data}
                value={experimentId || analytics.data.experiment.id}
                onChange={(chosen) => update({ [PARAM.experiment]: chosen })}
              />
            ) : null
          }
        />
      ) : null}
    </Page>
  );
}

/** A file-name-safe form of a config's name. */
function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'daily-reward'
  );
}
