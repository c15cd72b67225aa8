import { Link } from 'react-router';
import type { Experiment } from '@liveops/domain/experiments';
import { VARIANT_PARAM } from '../edited-layout';
import styles from './variant-switcher.module.css';

/**
 * The UI editor's choice of the experiment variant it edits (decision 046): one link per variant, the current
 * one marked. The control (A) is the config's own layout; the others are their own. Choosing another variant with
 * unsaved changes asks first, like leaving the editor.
 */
export function VariantSwitcher({
  experiment,
  editing,
  pathname,
}: {
  experiment: Experiment;
  /** The variant edited: null for the config's own layout (the control's). */
  editing: string | null;
  pathname: string;
}) {
  return (
    <nav className={styles.switcher} aria-label="Experiment variant">
      <span className={styles.label} aria-hidden>
        Variant
      </span>
      <ul className={styles.list}>
        {experiment.variants.map((variant) => {
          const current = variant.control ? editing === null : editing === variant.id;
          const to = variant.control
            ? pathname
            : `${pathname}?${new URLSearchParams({ [VARIANT_PARAM]: variant.id }).toString()}`;
          return (
            <li key={variant.id}>
              <Link
                to={to}
                replace
                className={`${styles.choice}${current ? ` ${styles.current}` : ''}`}
                aria-current={current ? 'page' : undefined}
                title={variant.control ? `${variant.name}: the config’s own layout` : `${variant.name}’s layout`}
              >
                <span className={styles.id}>{variant.id}</span>
                {variant.name !== variant.id ? <span className={styles.name}> {variant.name}</span> : null}
                {variant.control ? <span className="sr-only"> (the config’s own layout)</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
