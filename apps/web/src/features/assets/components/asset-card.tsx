import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ASSET_MESSAGES, assetDeleteConfirmation, type Asset } from '@liveops/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteAsset } from '../../../lib/api/assets/delete-asset';
import styles from './asset-card.module.css';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function AssetCard({ asset }: { asset: Asset }) {
  const remove = useDeleteAsset(asset.gameId);
  return (
    <li className={`asset-card ${styles.card}`}>
      <div className={styles.thumb}>
        <img src={asset.url} alt={asset.name} loading="lazy" />
      </div>
      <div className={styles.meta}>
        <p className={styles.name}>{asset.name}</p>
        <code className={`asset-id ${styles.id}`}>{asset.assetId}</code>
        <p className={`muted ${styles.details}`}>
          {formatSize(asset.size)} · {asset.type}
        </p>
      </div>
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
    </li>
  );
}
