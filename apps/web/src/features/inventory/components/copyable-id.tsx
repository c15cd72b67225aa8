import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { INVENTORY_HELP } from '@liveops/domain';
import { copyText } from '../../../lib/copy-text';
import styles from './copyable-id.module.css';

const COPIED_MS = 2000;

/** An item's or pack's id, as the game receives it in config.json, with a button that copies it. */
export function CopyableId({ id, name }: { id: string; name: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <span className={styles.id} title={INVENTORY_HELP.id}>
      <span className={styles.label}>ID</span>
      <code className={styles.value}>{id}</code>
      <button
        type="button"
        className={`icon-button ${styles.copy}`}
        aria-label={`Copy the id of ${name}`}
        onClick={() =>
          void copyText(id).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      </button>
      <span role="status" className={state === 'failed' ? 'field-error' : styles.copied}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the id and copy it' : null}
      </span>
    </span>
  );
}
