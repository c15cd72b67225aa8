import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/copy-text';
import styles from './sdk-key.module.css';

const TOAST_MS = 2000;

/** The SDK key in monospace with a Copy button; copying shows "SDK Key Copied!" for 2 seconds. */
export function SdkKey({ value }: { value: string }) {
  const copy = async (event: React.MouseEvent) => {
    event.stopPropagation();
    try {
      await copyText(value);
      toast.success(GAME_MESSAGES.sdkKeyCopied, { duration: TOAST_MS });
    } catch {
      toast.error('Could not copy. Select the key and copy it by hand.');
    }
  };
  return (
    <span className={styles.key}>
      <code className={`sdk-key-value ${styles.value}`}>{value}</code>
      <Button type="button" variant="secondary" size="sm" onClick={copy} aria-label={`Copy SDK key ${value}`}>
        <Copy size={14} aria-hidden />
        Copy
      </Button>
    </span>
  );
}
