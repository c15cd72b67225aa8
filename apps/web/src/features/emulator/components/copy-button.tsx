import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/copy-text';

const TOAST_MS = 2000;

/** Copies a text and says so in a toast; the label names what is copied for assistive technology. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const copy = async () => {
    try {
      await copyText(text);
      toast.success(`${what} copied`, { duration: TOAST_MS });
    } catch {
      toast.error('Could not copy. Select the text and copy it by hand.');
    }
  };
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy ${what}`}>
      <Copy size={14} aria-hidden />
      Copy
    </Button>
  );
}
