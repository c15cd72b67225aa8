import { Undo2 } from 'lucide-react';
import { lazy } from 'react';
import type { AnalyticsDay } from '@liveops/domain/analytics';
import { useNow } from '../../../lib/use-now';
import { formatRate, toCsv, utcDay } from '../analytics-figures';
import { RETURN_LATER, hasReturnRates, returnDays, returnSummary, type ReturnCell } from '../return-figures';
import styles from './analytics.module.css';
import own from './return-rates.module.css';
import { ChartCard } from './chart-card';

const ReturnRatesChart = lazy(() => import('./return-rates-chart').then((m) => ({ default: m.ReturnRatesChart })));

export const RETURN_RATES_TITLE = 'Return rates';
export const RETURN_RATES_EMPTY =
  'No return rates yet: a day’s players are counted the next day, once they can come back.';
const DESCRIPTION =
  'Of the players active on a day, those who claimed and those who did not: how many came back to the game the next day and 7 days later (player-days).';

const cellText = (cell: ReturnCell, players: number) => {
  if (cell.back === null) return 'not yet';
  const rate = players === 0 ? '—' : formatRate(cell.back / players);
  return `${cell.back} (${rate})${cell.soFar ? ' so far' : ''}`;
};

/**
 * The Analytics tab's return rates (decision 047): claimers against players who did not claim,
 * back the next day and 7 days later; a chart, its table (the summary and each day) and a CSV of each day.
 */
export function ReturnRates({
  days,
  range,
  fileStem,
}: {
  days: readonly AnalyticsDay[];
  range: { from: string; to: string };
  fileStem: string;
}) {
  // A day's later figures begin at UTC midnight: read again each minute.
  const now = useNow();
  const rows = returnDays(days, utcDay(now));
  const summary = returnSummary(rows);
  const text = `${range.from} to ${range.to} (UTC)`;
  if (!hasReturnRates(summary)) {
    return (
      <section className="panel empty-state" role="status" aria-label={RETURN_RATES_TITLE}>
        <Undo2 size={28} aria-hidden className="placeholder-icon" />
        <h2 className="panel-title">{RETURN_RATES_TITLE}</h2>
        <p>{RETURN_RATES_EMPTY}</p>
      </section>
    );
  }
  const said = summary
    .map(
      (cohort) =>
        `${cohort.label === 'Claimed' ? 'players who claimed' : 'players who did not claim'}: ${RETURN_LATER.map(
          (later) => `${formatRate(cohort.rates[later.id].rate)} ${later.label.toLowerCase()}`,
        ).join(', ')}`,
    )
    .join('; ');
  return (
    <ChartCard
      title={RETURN_RATES_TITLE}
      description={DESCRIPTION}
      summary={`Return rates, ${text}: ${said}.`}
      chart={<ReturnRatesChart summary={summary} />}
      csv={{
        fileName: `${fileStem}-return-rates-${range.from}-${range.to}.csv`,
        build: () =>
          toCsv(
            [
              'day',
              'claimed',
              'claimed_back_next_day',
              'claimed_back_day_7',
              'did_not_claim',
              'did_not_claim_back_next_day',
              'did_not_claim_back_day_7',
            ],
            rows.map((row) => [
              row.day,
              row.claimers,
              row.claimersBack.nextDay.back,
              row.claimersBack.day7.back,
              row.others,
              row.othersBack.nextDay.back,
              row.othersBack.day7.back,
            ]),
          ),
      }}
      table={
        <>
          <table className={styles.table}>
            <caption className="sr-only">Return rates, {text}</caption>
            <thead>
              <tr>
                <th scope="col">Players</th>
                {RETURN_LATER.map((later) => (
                  <th key={later.id} scope="col" className={styles.number}>
                    Back {later.label.toLowerCase()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {summary.map((cohort) => (
                <tr key={cohort.cohort}>
                  <th scope="row">{cohort.label}</th>
                  {RETURN_LATER.map((later) => {
                    const rate = cohort.rates[later.id];
                    return (
                      <td key={later.id} className={styles.number}>
                        {rate.of === 0 ? 'not yet' : `${formatRate(rate.rate)} (${rate.back} of ${rate.of})`}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <table className={`${styles.table} ${own.byDay}`}>
            <caption className="sr-only">Return rates by day, {text}</caption>
            <thead>
              <tr>
                <td className={own.corner} />
                <th scope="colgroup" colSpan={3} className={own.group}>
                  Claimed
                </th>
                <th scope="colgroup" colSpan={3} className={own.group}>
                  Did not claim
                </th>
              </tr>
              <tr>
                <th scope="col">Day</th>
                {['claimed', 'notClaimed'].flatMap((cohort) => [
                  <th key={`${cohort}-players`} scope="col" className={styles.number}>
                    Players
                  </th>,
                  ...RETURN_LATER.map((later) => (
                    <th key={`${cohort}-${later.id}`} scope="col" className={styles.number}>
                      Back {later.label.toLowerCase()}
                    </th>
                  )),
                ])}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.day}>
                  <th scope="row">{row.day}</th>
                  <td className={styles.number}>{row.claimers}</td>
                  {RETURN_LATER.map((later) => (
                    <td key={later.id} className={styles.number}>
                      {cellText(row.claimersBack[later.id], row.claimers)}
                    </td>
                  ))}
                  <td className={styles.number}>{row.others}</td>
                  {RETURN_LATER.map((later) => (
                    <td key={later.id} className={styles.number}>
                      {cellText(row.othersBack[later.id], row.others)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      }
    />
  );
}
