import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import styles from '../emulator.module.css';
import { CopyButton } from './copy-button';

/**
 * WebView Integration: the cacheable embed URL (the config in the address, so a WebView can load and cache it
 * as is) with Copy and Open, and the init message a host posts instead, pretty-printed, with Copy.
 */
export function WebViewIntegration({ url, message }: { url: string; message: unknown }) {
  const urlId = useId();
  const messageId = useId();
  const messageText = JSON.stringify(message, null, 2);
  return (
    <section className={`panel ${styles.integration}`} aria-labelledby={`${urlId}-heading`}>
      <h2 className="panel-title" id={`${urlId}-heading`}>
        WebView Integration
      </h2>
      <div className={styles.integrationBlock}>
        <div className={styles.integrationHead}>
          <h3 className={styles.integrationLabel} id={urlId}>
            Cacheable URL
          </h3>
          <div className={styles.integrationActions}>
            <CopyButton text={url} what="URL" />
            <Button asChild variant="secondary" size="sm">
              <a href={url} target="_blank" rel="noopener noreferrer" aria-label="Open the URL in a new tab">
                <ExternalLink size={14} aria-hidden />
                Open
              </a>
            </Button>
          </div>
        </div>
        <textarea
          className={`input textarea emulator-code ${styles.code} ${styles.url}`}
          aria-labelledby={urlId}
          readOnly
          rows={3}
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className={styles.integrationBlock}>
        <div className={styles.integrationHead}>
          <h3 className={styles.integrationLabel} id={messageId}>
            Init message (postMessage)
          </h3>
          <div className={styles.integrationActions}>
            <CopyButton text={messageText} what="init message" />
          </div>
        </div>
        <pre
          className={`emulator-code ${styles.code} ${styles.message}`}
          role="region"
          aria-labelledby={messageId}
          tabIndex={0}
        >
          {messageText}
        </pre>
      </div>
    </section>
  );
}
