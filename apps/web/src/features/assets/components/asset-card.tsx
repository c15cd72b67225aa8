import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ASSET_MESSAGES, assetDeleteConfirmation, type Asset } from '@liveops/domain/assets';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteAsset } from '../../../lib/api/assets/delete-asset';
import { AssetDialog } from './asset-dialog';
import { formatSize } from './format-size';
import styles from './asset-card.module.css';

/** An asset in the grid: a click (or Enter) on it opens its dialog; the bin deletes it straight away. */
export function AssetCard({ asset }: { asset: Asset }) {
  const remove = useDeleteAsset(asset.gameId);
  const [open, setOpen] = useState(false);
  return (
    <li className={`asset-card ${styles.card}`}>
      <button type="button" className={styles.open} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {/* Named by what it shows ("Open Gold coin gold_coin 1.2 KB · image/png"), so a voice user says what they see. */}
        <span className="sr-only">Open </span>
        <div className={styles.thumb}>
          <img src={asset.url} alt="" loading="lazy" />
        </div>
        <div className={styles.meta}>
          <p className={styles.name}>{asset.name}</p>
          <code className={`asset-id ${styles.id}`}>{asset.assetId}</code>
          <p className={`muted ${styles.details}`}>
            {formatSize(asset.size)} · {asset.type}
          </p>
        </div>
      </button>
      <ConfirmDialog
        title={assetDeleteConfirmation(asset.name)}
        description="Features that use this image will no longer show it."
        onConfirm={() => remove.mutate(asset.assetId, { onError: () => toast.error(ASSET_MESSAGES.deleteFailed) })}
        trigger={
          <button type="button" className="icon-button" aria-label={`Delete ${asset.name}`} disabled={remove.isPending}>
            <Trash2 size={16} aria-hidden />
          </button>
        }
      />
      {open ? <AssetDialog asset={asset} open={open} onOpenChange={setOpen} /> : null}
    </li>
  );
}
