import { zodResolver } from '@hookform/resolvers/zod';
import { ChartColumn } from 'lucide-react';
import { lazy, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ANALYTICS_QUERY_MESSAGES, AnalyticsQuerySchema, type AnalyticsResponse } from '@liveops/domain/analytics';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useDailyRewards } from '../../../lib/api/daily-rewards/get-daily-rewards';
import { useExperiments } from '../../../lib/api/daily-rewards/get-experiments';
import {
  byDay,
  chartDays,
  csvRate,
  cycleFunnel,
  formatClaimRate,
  formatRate,
  hasFigures,
  presetRange,
  RANGE_PRESETS,
  shortDay,
  streakDistribution,
  toCsv,
  totals,
} from '../analytics-figures';
import { ANALYTICS_REFETCH_MS, useAnalytics } from '../../../lib/api/analytics/get-analytics';
import styles from '../components/analytics.module.css';
import { ChartCard } from '../components/chart-card';
import { ExperimentComparisonSection } from '../components/experiment-comparison';
import { ExperimentPicker, NoExperiments } from '../components/experiment-picker';
import { ReturnRates } from '../components/return-rates';

// recharts is loaded by this tab only, and after its figures: the tables and totals never wait for it.
const charts = () => import('../components/analytics-charts');
const DayChart = lazy(() => charts().then((m) => ({ default: m.DayChart })));
const FunnelChart = lazy(() => charts().then((m) => ({ default: m.FunnelChart })));
const StreakChart = lazy(() => charts().then((m) => ({ default: m.StreakChart })));

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

const CustomRangeSchema = z
  .object({
    from: z.string().min(1, 'Choose the first day.'),
    to: z.string().min(1, 'Choose the last day.'),
  })
  .superRefine((range, context) => {
    const parsed = AnalyticsQuerySchema.safeParse(range);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
type CustomRange = z.infer<typeof CustomRangeSchema>;

function validCustom(from: string | null, to: string | null): { from: string; to: string } | null {
  if (!from || !to) return null;
  return CustomRangeSchema.safeParse({ from, to }).success ? { from, to } : null;
}

function CustomRangeForm({ from, to, onApply }: { from: string; to: string; onApply: (range: CustomRange) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CustomRange>({ resolver: zodResolver(CustomRangeSchema), defaultValues: { from, to } });
  return (
    <form
      className={styles.customRange}
      noValidate
      aria-label="Custom range"
      onSubmit={(event) => void handleSubmit(onApply)(event)}
    >
      <TextField label="From" type="date" error={errors.from?.message} {...register('from')} />
      <TextField label="To" type="date" error={errors.to?.message} {...register('to')} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}

function Figures({ data, fileStem: stem }: { data: AnalyticsResponse; fileStem: string }) {
  // A file says what it counts: the figures with test players are not the production figures.
  const fileStem = data.includesTestPlayers ? `${stem}-with-test-players` : stem;
  const days = byDay(data.days);
  const sum = totals(data.days);
  const funnel = cycleFunnel(data.days);
  const streaks = streakDistribution(data.days);
  const range = `${data.from} to ${data.to} (UTC)`;
  const peak = days.reduce((best, day) => (day.saw > best.saw ? day : best), days[0]!);
  const drawn = chartDays(days);
  const drawnFrom = drawn.length < days.length ? drawn[0]?.day : undefined;
  return (
    <>
      <section className="panel" aria-label="Totals">
        <dl className={styles.totals}>
          <div>
            <dt>Saw the popup</dt>
            <dd>{sum.saw}</dd>
          </div>
          <div>
            <dt>Claimed</dt>
            <dd>{sum.claimed}</dd>
          </div>
          <div>
            <dt>Claim rate</dt>
            <dd className={sum.noViewsRecorded ? styles.noRate : undefined}>{formatClaimRate(sum)}</dd>
          </div>
          <div>
            <dt>Closed the popup</dt>
            <dd>{sum.closed}</dd>
          </div>
          <div>
            <dt>Sessions</dt>
            <dd>{sum.sessions}</dd>
          </div>
        </dl>
        <p className="hint">
          Player-days, {range}: a player counts once a day in each figure.{' '}
          {data.includesTestPlayers ? 'Test players included.' : 'Test players left out.'} Refreshes every{' '}
          {ANALYTICS_REFETCH_MS / 1000} s.
        </p>
        {sum.claimedWithoutView > 0 ? (
          <p className="hint">
            {sum.noViewsRecorded
              ? "Claims were recorded but not one popup view: the popup from popupUrl reports its views by itself; a game that draws its own popup reports them with the SDK’s track('shown')."
              : `${sum.claimedWithoutView} ${sum.claimedWithoutView === 1 ? 'claim' : 'claims'} came without a recorded popup view: each counts as having seen it, so the claim rate never reads above 100 %.`}
          </p>
        ) : null}
      </section>

      <ChartCard
        title="By day"
        description="Players who saw the popup and who claimed each day, and the claim rate (claimed ÷ saw)."
        summary={`Players by day, ${range}: ${sum.saw} saw the popup and ${sum.claimed} claimed in all; the most, ${peak.saw}, saw it on ${peak.day}.${drawnFrom ? ` The chart starts on ${drawnFrom}, the first day with figures.` : ''}`}
        chart={<DayChart rows={drawn} />}
        note={
          drawnFrom
            ? `The chart starts on ${shortDay(drawnFrom)}, the first day with figures; the table lists every day of the range.`
            : undefined
        }
        csv={{
          fileName: `${fileStem}-by-day-${data.from}-${data.to}.csv`,
          build: () =>
            toCsv(
              ['day', 'saw_popup', 'claimed', 'claim_rate', 'closed', 'sessions'],
              days.map((day) => [day.day, day.saw, day.claimed, csvRate(day.rate), day.closed, day.sessions]),
            ),
        }}
        table={
          <table className={styles.table}>
            <caption className="sr-only">Players by day, {range}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className={styles.number}>
                  Saw the popup
                </th>
                <th scope="col" className={styles.number}>
                  Claimed
                </th>
                <th scope="col" className={styles.number}>
                  Claim rate
                </th>
                <th scope="col" className={styles.number}>
                  Closed
                </th>
                <th scope="col" className={styles.number}>
                  Sessions
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  <td className={styles.number}>{day.saw}</td>
                  <td className={styles.number}>{day.claimed}</td>
                  <td className={styles.number}>{formatClaimRate(day)}</td>
                  <td className={styles.number}>{day.closed}</td>
                  <td className={styles.number}>{day.sessions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <ChartCard
        title="Cycle funnel"
        description="Players reaching each day of the cycle, summed over the range (player-days)."
        summary={`Cycle funnel, ${range}: ${funnel.map((step) => `day ${step.cycleDay} ${step.players}`).join(', ')} player-days.`}
        chart={<FunnelChart steps={funnel} />}
        csv={{
          fileName: `${fileStem}-cycle-funnel-${data.from}-${data.to}.csv`,
          build: () =>
            toCsv(
              ['cycle_day', 'player_days', 'of_day_1'],
              funnel.map((step) => [step.cycleDay, step.players, csvRate(step.ofFirstDay)]),
            ),
        }}
        table={
          <table className={styles.table}>
            <caption className="sr-only">Cycle funnel, {range}</caption>
            <thead>
              <tr>
                <th scope="col">Cycle day</th>
                <th scope="col" className={styles.number}>
                  Player-days
                </th>
                <th scope="col" className={styles.number}>
                  Of day 1
                </th>
              </tr>
            </thead>
            <tbody>
              {funnel.map((step) => (
                <tr key={step.cycleDay}>
                  <th scope="row">{step.label}</th>
                  <td className={styles.number}>{step.players}</td>
                  <td className={styles.number}>{formatRate(step.ofFirstDay)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <ChartCard
        title="Streaks"
        description="Claims by the streak they made (days in a row), summed over the range."
        summary={`Streak distribution, ${range}: ${streaks.map((bar) => `${bar.label} ${bar.players}`).join(', ')} claims.`}
        chart={<StreakChart bars={streaks} />}
        csv={{
          fileName: `${fileStem}-streaks-${data.from}-${data.to}.csv`,
          build: () =>
            toCsv(
              ['streak', 'claims', 'share'],
              streaks.map((bar) => [bar.bucket, bar.players, csvRate(bar.share)]),
            ),
        }}
        table={
          <table className={styles.table}>
            <caption className="sr-only">Streak distribution, {range}</caption>
            <thead>
              <tr>
                <th scope="col">Streak</th>
                <th scope="col" className={styles.number}>
                  Claims
                </th>
                <th scope="col" className={styles.number}>
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {streaks.map((bar) => (
                <tr key={bar.bucket}>
                  <th scope="row">{bar.label}</th>
                  <td className={styles.number}>{bar.players}</td>
                  <td className={styles.number}>{formatRate(bar.share)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <ReturnRates days={data.days} range={data} fileStem={fileStem} />
    </>
  );
}

/**
 * /dashboard/game/:gameId/analytics (issue 23 item 2, decision 044): how the game's players meet its daily
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
