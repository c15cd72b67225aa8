import { PLAYER_FIELDS } from '@liveops/domain';
import styles from './player-fields.module.css';

/** The fields an expression can use, from the same list the checker uses. */
export function PlayerFields() {
  return (
    <details className={styles.fields}>
      <summary>Player fields you can use</summary>
      <table>
        <tbody>
          {PLAYER_FIELDS.map((field) => (
            <tr key={field.name}>
              <td>
                <code>player.{field.name}</code>
              </td>
              <td className="muted">{field.type}</td>
              <td className="muted">{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Combine with <code>&amp;&amp;</code>, <code>||</code>, <code>!</code>, comparisons, <code>in [...]</code>,{' '}
        <code>startsWith</code>, <code>endsWith</code> and <code>contains</code>.
      </p>
    </details>
  );
}
