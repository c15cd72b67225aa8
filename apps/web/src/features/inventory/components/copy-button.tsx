import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copyText } from '../../../lib/copy-text';
import styles from './copyable-id.module.css';

const COPIED_MS = 2000;

/** A button that copies `value`, saying "Copied" (or how to copy by hand when the browser refuses) for a moment. */
export function CopyButton({ value, label, what }: { value: string; label: string; what: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className={`icon-button ${styles.copy}`}
        aria-label={label}
        disabled={!value}
        onClick={() =>
          void copyText(value).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      </button>
      <span role="status" className={state === 'failed' ? 'field-error' : styles.copied}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? `Copy failed: select the ${what} and copy it` : null}
      </span>
    </>
  );
}
