import type { Item, Pack } from '@liveops/domain/inventory';
import { InventoryIcon } from '../../../components/inventory-icon';
import { formatValue } from '../../../lib/format-value';
import styles from './day-slot.module.css';

/** What a pack holds, as a player would read it: "100× Gold, 5× Gem". */
export function packContentsText(pack: Pack, items: readonly Item[]): string {
  const names = new Map(items.map((item) => [item.id, item.name]));
  return pack.contents
    .map((entry) => `${entry.quantity.toLocaleString('en-US')}× ${names.get(entry.itemId) ?? 'an unknown item'}`)
    .join(', ');
}

/** One day of the cycle: the pack it gives, chosen from the game's packs, with its artwork, contents and value. */
export function DaySlot({
  configId,
  day,
  packId,
  packs,
  items,
  missing,
  final = false,
  onChange,
}: {
  configId: string;
  day: number;
  packId: string;
  packs: readonly Pack[];
  /** The game's items, to name what a pack holds. */
  items: readonly Item[];
  missing: boolean;
  /** The cycle's last day, shown as the final reward card. */
  final?: boolean;
  onChange: (packId: string) => void;
}) {
  const id = `daily-reward-${configId}-day-${day}`;
  const pack = packs.find((p) => p.id === packId);
  return (
    <li
      className={`day-slot ${styles.slot}${final ? ` ${styles.final}` : ''}${pack ? ` ${styles.filled}` : ''}${missing ? ` ${styles.missing}` : ''}`}
    >
      <div className={styles.head}>
        <label className={styles.label} htmlFor={id}>
          Day {day}
        </label>
        {final ? <span className={styles.finalTag}>Final reward</span> : null}
      </div>
      <div className={styles.art}>
        {pack ? <InventoryIcon entry={pack} size={56} /> : <span className={styles.empty} aria-hidden />}
      </div>
      {pack ? (
        <div className={styles.pack}>
          <p className={styles.name}>{pack.name}</p>
          <p className={styles.contents}>{packContentsText(pack, items)}</p>
          <p className={styles.value}>Worth {formatValue(pack.value)}</p>
        </div>
      ) : (
        <p className={styles.value}>No pack yet</p>
      )}
      <select
        id={id}
        className={`input ${styles.select}`}
        value={packId}
        aria-invalid={missing || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose a pack</option>
        {packs.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
        {packId && !pack ? <option value={packId}>Unknown pack</option> : null}
      </select>
    </li>
  );
}
