import styles from './skip-link.module.css';

/** Marks where "Skip to content" lands: the innermost marked element (a workspace's tab page, else the page). */
export const SKIP_TARGET = { 'data-skip-target': '', tabIndex: -1, className: styles.target } as const;

/**
 * "Skip to content": the first stop of the keyboard, past the top bar and a workspace's sidebar. It moves focus
 * itself rather than following its fragment, which the router would take for a navigation.
 */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className={styles.skipLink}
      onClick={(event) => {
        const targets = document.querySelectorAll<HTMLElement>('[data-skip-target]');
        const target = targets[targets.length - 1];
        if (!target) return;
        event.preventDefault();
        target.focus();
        target.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to content
    </a>
  );
}
