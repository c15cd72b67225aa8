import { lazy } from 'react';
import type { AnalyticsResponse } from '@liveops/domain/analytics';
import { ANALYTICS_REFETCH_MS } from '../../../lib/api/analytics/get-analytics';
import {
  byDay,
  chartDays,
  csvRate,
  cycleFunnel,
  formatClaimRate,
  formatRate,
  shortDay,
  streakDistribution,
  toCsv,
  totals,
} from '../analytics-figures';
import styles from './analytics.module.css';
import { ChartCard } from './chart-card';
import { ReturnRates } from './return-rates';

// recharts is loaded by this tab only, and after its figures: the tables and totals never wait for it.
const charts = () => import('./analytics-charts');
const DayChart = lazy(() => charts().then((m) => ({ default: m.DayChart })));
const FunnelChart = lazy(() => charts().then((m) => ({ default: m.FunnelChart })));
const StreakChart = lazy(() => charts().then((m) => ({ default: m.StreakChart })));

/** The figures of a range: totals, then by day, the cycle's funnel, the streaks and the return rates. */
export function Figures({ data, fileStem: stem }: { data: AnalyticsResponse; fileStem: string }) {
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
