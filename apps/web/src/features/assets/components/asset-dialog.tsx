import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  ASSET_MESSAGES,
  RenameAssetInputSchema,
  assetDeleteConfirmation,
  type Asset,
  type AssetUsage,
  type RenameAssetInput,
} from '@liveops/domain/assets';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAssetUsage } from '../../../lib/api/assets/get-asset-usage';
import { useDeleteAsset } from '../../../lib/api/assets/delete-asset';
import { useRenameAsset } from '../../../lib/api/assets/rename-asset';
import { useReplaceAsset } from '../../../lib/api/assets/replace-asset';
import { formatSize } from './format-size';
import styles from './asset-dialog.module.css';

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** What deleting would break, in words: "Used by 1 item, 2 packs and 1 daily-reward layout." */
export function usageSummary(usage: AssetUsage): string | null {
  const parts = [
    [usage.items.length, 'item'],
    [usage.packs.length, 'pack'],
    [usage.layouts.length, 'daily-reward layout'],
  ] as const;
  const named = parts.filter(([n]) => n > 0).map(([n, noun]) => `${n} ${noun}${n === 1 ? '' : 's'}`);
  if (named.length === 0) return null;
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `Used by ${list}. They will no longer show this image.`;
}

/** An asset's dialog: a large preview, its details, rename, replace the file, what uses it, delete. */
export function AssetDialog({
  asset,
  open,
  onOpenChange,
}: {
  asset: Asset;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { gameId, assetId } = asset;
  const usage = useAssetUsage(gameId, assetId, open);
  const rename = useRenameAsset(gameId, assetId);
  const replace = useReplaceAsset(gameId, assetId);
  const remove = useDeleteAsset(gameId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dimensions, setDimensions] = useState<string | null>(null);
  const form = useForm<RenameAssetInput>({
    resolver: zodResolver(RenameAssetInputSchema),
    values: { name: asset.name },
  });
  const summary = usage.data ? usageSummary(usage.data) : null;

  return (
    <FormDialog title={asset.name} open={open} onOpenChange={onOpenChange} wide>
      <div className={styles.layout}>
        <figure className={styles.preview}>
          <img
            src={asset.url}
            alt={asset.name}
            onLoad={(event) =>
              setDimensions(`${event.currentTarget.naturalWidth} × ${event.currentTarget.naturalHeight} px`)
            }
          />
        </figure>
        <div className={styles.side}>
          <dl className={styles.facts}>
            <dt>Asset ID</dt>
            <dd>
              <code>{assetId}</code>
            </dd>
            <dt>Type</dt>
            <dd>{asset.type}</dd>
            <dt>Size</dt>
            <dd>{formatSize(asset.size)}</dd>
            {dimensions ? (
              <>
                <dt>Dimensions</dt>
                <dd>{dimensions}</dd>
              </>
            ) : null}
          </dl>
          <form
            className={styles.rename}
            noValidate
            onSubmit={form.handleSubmit((input) =>
              rename.mutateAsync(input).then(
                () => toast.success('Asset renamed.'),
                (error: unknown) => form.setError('name', { message: messageOf(error, ASSET_MESSAGES.renameFailed) }),
              ),
            )}
          >
            <TextField label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
            <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Renaming...' : 'Rename'}
            </Button>
          </form>
          <div className={styles.replace}>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-label="Replacement image"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (!file) return;
                replace.mutate(file, {
                  onSuccess: () => toast.success('Image replaced.'),
                });
              }}
            />
            <Button
              type="button"
              variant="secondary"
              disabled={replace.isPending}
              onClick={() => fileInput.current?.click()}
            >
              <Upload size={16} aria-hidden /> {replace.isPending ? 'Replacing...' : 'Replace file'}
            </Button>
            <p className="muted">
              Same asset ID: everything that uses it shows the new image. Published releases keep theirs until the next
              publish.
            </p>
            {replace.isError ? (
              <Alert tone="error">{messageOf(replace.error, ASSET_MESSAGES.replaceFailed)}</Alert>
            ) : null}
          </div>
          <section aria-labelledby="asset-used-by">
            <h3 id="asset-used-by" className={styles.heading}>
              Used by
            </h3>
            {usage.isPending ? (
              <p className="muted" aria-busy="true">
                Loading...
              </p>
            ) : usage.isError ? (
              <LoadError message={ASSET_MESSAGES.usedByFailed} onRetry={() => void usage.refetch()} />
            ) : summary === null ? (
              <p className="muted">{ASSET_MESSAGES.unused}</p>
            ) : (
              <ul className={styles.uses}>
                {usage.data.items.map((item) => (
                  <li key={`item-${item.id}`}>
                    <span className="muted">Item</span> <Link to={paths.game(gameId, 'inventory')}>{item.name}</Link>
                  </li>
                ))}
                {usage.data.packs.map((pack) => (
                  <li key={`pack-${pack.id}`}>
                    <span className="muted">Pack</span> <Link to={paths.game(gameId, 'inventory')}>{pack.name}</Link>
                  </li>
                ))}
                {usage.data.layouts.map((layout) => (
                  <li key={`layout-${layout.configId}-${layout.variant?.variantId ?? ''}`}>
                    <span className="muted">Layout</span>{' '}
                    <Link
                      to={`${paths.uiEditor('daily_rewards', layout.configId)}${layout.variant ? `?variant=${encodeURIComponent(layout.variant.variantId)}` : ''}`}
                    >
                      {layout.configName}
                      {layout.variant ? ` (variant ${layout.variant.name})` : ''}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ConfirmDialog
            title={assetDeleteConfirmation(asset.name)}
            description={summary ?? 'Features that use this image will no longer show it.'}
            onConfirm={() =>
              remove.mutate(assetId, {
                onSuccess: () => onOpenChange(false),
                onError: () => toast.error(ASSET_MESSAGES.deleteFailed),
              })
            }
            trigger={
              <Button type="button" className="btn-danger" disabled={remove.isPending}>
                <Trash2 size={16} aria-hidden /> Delete
              </Button>
            }
          />
        </div>
      </div>
    </FormDialog>
  );
}
