import { useState } from 'react';
import { Field } from '../../../components/ui/field';
import { EXAMPLE_PLAYER, SEGMENT_MESSAGES, type Segment, evaluateSegment } from '@liveops/domain/segments';
import { useCustomAttributes } from '../../../lib/api/custom-attributes/get-custom-attributes';
import segmentStyles from '../segments.module.css';
import { DailyRewardForPlayer } from './daily-reward-for-player';
import styles from './segment-tester.module.css';

/** "Test against a player": a JSON player, evaluated as it is typed. Runs in the page, bounded by the checker. */
export function SegmentTester({ segment }: { segment: Segment }) {
  const [player, setPlayer] = useState(() => JSON.stringify(EXAMPLE_PLAYER, null, 2));
  // The game's custom attributes are fields of the sample player too (an expression may use them).
  const declared = useCustomAttributes(segment.gameId).data;
  const result = evaluateSegment(segment.expression, player, declared);
  return (
    <section className="panel" aria-labelledby="tester-heading">
      <h2 className="panel-title" id="tester-heading">
        Test against a player
      </h2>
      <div className={styles.tester}>
        <Field label="Player (JSON)" htmlFor="test-player">
          <textarea
            id="test-player"
            className={`input textarea ${segmentStyles.codeInput}`}
            rows={9}
            spellCheck={false}
            value={player}
            onChange={(event) => setPlayer(event.target.value)}
          />
        </Field>
        <div className={styles.result} role="status" aria-live="polite">
          <p className={segmentStyles.name}>{segment.name}</p>
          <code className={segmentStyles.expression}>{segment.expression}</code>
          {result.ok ? (
            <p className={`${styles.verdict} ${result.matches ? styles.match : styles.miss}`}>
              {result.matches ? SEGMENT_MESSAGES.matches : SEGMENT_MESSAGES.noMatch}
            </p>
          ) : (
            <p className={`${styles.verdict} ${styles.error}`}>{result.message}</p>
          )}
        </div>
      </div>
      <DailyRewardForPlayer gameId={segment.gameId} player={player} />
    </section>
  );
}
