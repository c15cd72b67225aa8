import { ITEM_ICONS, type Item, type Pack } from '@liveops/domain/inventory';
import styles from './inventory-icon.module.css';

/** An item's or pack's icon: its asset image when it has one, else its emoji. */
export function InventoryIcon({
  entry,
  size = 40,
}: {
  entry: Pick<Item | Pack, 'iconId' | 'assetUrl' | 'assetName' | 'name'>;
  size?: number;
}) {
  return (
    <span className={styles.icon} style={{ width: size, height: size, fontSize: size * 0.55 }} aria-hidden>
      {entry.assetUrl ? <img src={entry.assetUrl} alt="" /> : entry.iconId ? ITEM_ICONS[entry.iconId] : '🖼️'}
    </span>
  );
}
