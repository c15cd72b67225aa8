import { type ReactNode, useId } from 'react';
import { type Asset } from '@liveops/domain/assets';
import { assetReference, isSafeImageSource, LAYOUT_MESSAGES, type LayoutNode } from '@liveops/domain/layout';
import { FieldFrame } from './field-frame';
import { fieldLabel } from './field-label';
import type { FieldProps } from './field-props';
import { type Reading, useLiveText } from './use-live-text';
import styles from './prop-field.module.css';

function readImageSource(text: string): Reading {
  const source = text.trim();
  return isSafeImageSource(source) ? { stored: source } : { problem: LAYOUT_MESSAGES.imageSourceInvalid };
}

/** An image: an address typed, or one of the game's assets picked. */
export function ImageField({
  field,
  node,
  value,
  assets,
  onChange,
  onEnd,
  onPickAsset,
  note,
}: FieldProps<'image'> & {
  node: LayoutNode;
  assets: readonly Asset[];
  onPickAsset?: (asset: Asset) => void;
  note?: ReactNode;
}) {
  const id = useId();
  const source = typeof value === 'string' ? value : '';
  const live = useLiveText({
    value: source,
    read: readImageSource,
    onEdit: (text) => onChange(text.trim() === '' ? undefined : text.trim(), true),
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <FieldFrame id={id} name={field.name} node={node} problem={live.problem} note={note}>
      <div className={styles.image}>
        <input id={id} className="input" placeholder="https://…" {...live.input} />
        <select
          className="input"
          aria-label={`${fieldLabel(field.name)} asset`}
          value={assets.some((a) => assetReference(a.assetId) === source) ? source : ''}
          onChange={(event) => {
            const asset = assets.find((a) => assetReference(a.assetId) === event.target.value);
            if (asset && onPickAsset) onPickAsset(asset);
            else onChange(event.target.value === '' ? undefined : event.target.value);
          }}
        >
          <option value="">{assets.length ? 'Pick an asset…' : 'No assets in this game'}</option>
          {assets.map((asset) => (
            <option key={asset.assetId} value={assetReference(asset.assetId)}>
              {asset.name} ({asset.assetId})
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
