import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ASSET_MESSAGES, assetDeleteConfirmation, type Asset } from '@liveops/domain';
import { Button } from '../../../components/ui/button';
import { useDeleteAsset } from '../api/delete-asset';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function AssetCard({ asset }: { asset: Asset }) {
  const remove = useDeleteAsset(asset.gameId);
  return (
    <li className="asset-card">
      <div className="asset-thumb">
        <img src={asset.url} alt={asset.name} loading="lazy" />
      </div>
      <div className="asset-meta">
        <p className="asset-name">{asset.name}</p>
        <code className="asset-id">{asset.assetId}</code>
        <p className="muted asset-details">
          {formatSize(asset.size)} · {asset.type}
        </p>
      </div>
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <button type="button" className="icon-button" aria-label={`Delete ${asset.name}`} disabled={remove.isPending}>
            <Trash2 size={16} aria-hidden />
          </button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog dialog-small">
            <AlertDialog.Title className="dialog-title">{assetDeleteConfirmation(asset.name)}</AlertDialog.Title>
            <AlertDialog.Description className="muted dialog-text">
              Features that use this image will no longer show it.
            </AlertDialog.Description>
            <div className="dialog-actions">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary">Cancel</Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button
                  className="btn-danger"
                  onClick={() =>
                    remove.mutate(asset.assetId, { onError: () => toast.error(ASSET_MESSAGES.deleteFailed) })
                  }
                >
                  Delete
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </li>
  );
}
