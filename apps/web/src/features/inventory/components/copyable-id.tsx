import { INVENTORY_HELP, INVENTORY_KEY_MESSAGES } from '@liveops/domain/inventory';
import { CopyButton } from './copy-button';
import styles from './copyable-id.module.css';

/**
 * An item's or pack's id (as config.json names it) or its studio key (as the game's code names it, decision 051),
 * with a button that copies it.
 */
export function CopyableId({ id, name, kind = 'id' }: { id: string; name: string; kind?: 'id' | 'key' }) {
  return (
    <span
      className={`${styles.id} ${kind === 'key' ? 'inventory-key' : ''}`}
      title={kind === 'key' ? INVENTORY_KEY_MESSAGES.keyHelp : INVENTORY_HELP.id}
    >
      <span className={styles.label}>{kind === 'key' ? 'Key' : 'ID'}</span>
      <code className={styles.value}>{id}</code>
      <CopyButton value={id} label={`Copy the ${kind} of ${name}`} what={kind} />
    </span>
  );
}
