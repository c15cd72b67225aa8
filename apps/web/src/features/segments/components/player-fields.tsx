import { PLAYER_FIELDS, type CustomAttribute } from '@liveops/domain/segments';
import styles from './player-fields.module.css';

/** The fields an expression can use: the built-in ones, from the same list the checker uses, and the game's own. */
export function PlayerFields({ customAttributes = [] }: { customAttributes?: readonly CustomAttribute[] }) {
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
          {customAttributes.map((attribute) => (
            <tr key={attribute.name}>
              <td>
                <code>player.{attribute.name}</code>
              </td>
              <td className="muted">{attribute.type}</td>
              <td className="muted">Custom attribute</td>
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
