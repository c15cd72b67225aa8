import { Gauge } from 'lucide-react';
import { AUDIENCE_MESSAGES } from '@liveops/domain/segments';
import { formatNumber } from '@liveops/domain/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useEstimateSegmentAudience } from '../../../lib/api/segments/estimate-segment-audience';
import styles from './audience-estimate.module.css';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * "How many players is this?" for an expression not saved yet (decision 054): evaluated by the server over the
 * game's most recently seen players, with the sample's size. An answer is shown only while the expression is the
 * one it was asked for.
 */
export function AudienceEstimate({
  gameId,
  expression,
  disabled,
}: {
  gameId: string;
  expression: string;
  disabled: boolean;
}) {
  const estimate = useEstimateSegmentAudience(gameId);
  const current = estimate.variables === expression;
  const answer = current ? estimate.data : undefined;
  return (
    <div className={styles.estimate}>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        loading={estimate.isPending}
        disabled={disabled || !expression}
        onClick={() => estimate.mutate(expression)}
      >
        <Gauge size={14} aria-hidden />
        Estimate audience
      </Button>
      {/* audience-estimate: how tests find the answer. */}
      <div className="audience-estimate" aria-live="polite">
        {answer ? (
          answer.sampled === 0 ? (
            <p className="muted">{AUDIENCE_MESSAGES.estimateNoPlayers}</p>
          ) : (
            <>
              <p className={styles.figure}>{AUDIENCE_MESSAGES.estimate(answer)}</p>
              <p className={`muted ${styles.note}`}>
                {`A sample of the game's ${formatNumber(answer.sampled)} most recently seen players (at most ${formatNumber(
                  answer.sampleMax,
                )}, seen in the last ${answer.windowDays} days), taken at ${timeOf(answer.sampledAt)}.`}
                {answer.complete ? null : ` ${AUDIENCE_MESSAGES.estimatePartial(answer.evaluated, answer.sampled)}`}
                {answer.failed ? ` ${AUDIENCE_MESSAGES.estimateFailed(answer.failed)}` : null}
              </p>
            </>
          )
        ) : current && estimate.isError ? (
          <Alert tone="error">{estimate.error.message || AUDIENCE_MESSAGES.estimateUnavailable}</Alert>
        ) : null}
      </div>
    </div>
  );
}
