import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/copy-text';
import styles from './copy-value.module.css';

const TOAST_MS = 2000;

/**
 * A value a developer pastes into their game or backend (the runtime URL, the server secret), in monospace with a
 * Copy button that says so in a toast, as the SDK key does. Long values wrap rather than widen the page.
 */
export function CopyValue({ value, what, copied }: { value: string; what: string; copied: string }) {
  const copy = async () => {
    try {
      await copyText(value);
      toast.success(copied, { duration: TOAST_MS });
    } catch {
      toast.error(`Could not copy. Select the ${what} and copy it by hand.`);
    }
  };
  return (
    <span className={styles.row}>
      <code className={styles.value}>{value}</code>
      <Button type="button" variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy ${what}`}>
        <Copy size={14} aria-hidden />
        Copy
      </Button>
    </span>
  );
}
