import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { ITEM_ICON_IDS, ITEM_ICONS, type ItemIconId } from '@liveops/domain/inventory';
import { useAssets } from '../../../lib/api/assets/get-assets';
import styles from './icon-picker.module.css';

export type IconChoice = { iconId: ItemIconId | null; assetRefId: string | null };

/** One of the 17 emoji icons, or an image from the game's assets. */
export function IconPicker({
  gameId,
  value,
  onChange,
}: {
  gameId: string;
  value: IconChoice;
  onChange: (v: IconChoice) => void;
}) {
  const assets = useAssets(gameId);
  return (
    <div className="field" role="group" aria-labelledby="icon-label">
      <span className="field-label" id="icon-label">
        Icon
      </span>
      <ToggleGroup.Root
        type="single"
        className={styles.grid}
        value={value.assetRefId ? '' : (value.iconId ?? '')}
        onValueChange={(iconId) => iconId && onChange({ iconId: iconId as ItemIconId, assetRefId: null })}
        aria-label="Emoji icon"
      >
        {ITEM_ICON_IDS.map((id) => (
          <ToggleGroup.Item key={id} value={id} className={styles.choice} aria-label={id} title={id}>
            {ITEM_ICONS[id]}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
      <label className="field-label" htmlFor="icon-asset">
        or an image from Assets
      </label>
      <select
        id="icon-asset"
        className="input"
        value={value.assetRefId ?? ''}
        onChange={(event) =>
          onChange(
            event.target.value
              ? { iconId: null, assetRefId: event.target.value }
              : { iconId: 'coin', assetRefId: null },
          )
        }
      >
        <option value="">{assets.data?.length ? 'No image (use the emoji)' : 'No assets uploaded yet'}</option>
        {assets.data?.map((asset) => (
          <option key={asset.id} value={asset.assetId}>
            {asset.name} ({asset.assetId})
          </option>
        ))}
      </select>
    </div>
  );
}
