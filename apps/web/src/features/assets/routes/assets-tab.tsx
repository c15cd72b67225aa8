import { ImageOff } from 'lucide-react';
import { useParams } from 'react-router';
import { ASSET_MESSAGES } from '@liveops/domain/assets';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { useAssets } from '../../../lib/api/assets/get-assets';
import { AssetCard } from '../components/asset-card';
import { UploadAssetForm } from '../components/upload-asset-form';
import cardStyles from '../components/asset-card.module.css';
import styles from './assets-tab.module.css';

/** The workspace's Assets tab: upload form and the game's images. */
export function AssetsTab() {
  const gameId = useParams().gameId ?? '';
  const assets = useAssets(gameId);
  return (
    <Page>
      <PageHeader title="Assets" intro={ASSET_MESSAGES.intro} />
      <section className="panel">
        <h2 className="panel-title">Upload</h2>
        <UploadAssetForm gameId={gameId} />
      </section>
      <section className="panel" aria-labelledby="asset-list-heading">
        <h2 className="panel-title" id="asset-list-heading">
          Images{assets.data ? ` (${assets.data.length})` : ''}
        </h2>
        {assets.isPending ? (
          <ul className={styles.grid} aria-busy="true" aria-label="Loading assets">
            {[0, 1, 2].map((i) => (
              <li key={i} className={`skeleton ${cardStyles.card}`} />
            ))}
          </ul>
        ) : assets.isError ? (
          <LoadError message={ASSET_MESSAGES.loadFailed} onRetry={() => void assets.refetch()} />
        ) : assets.data.length === 0 ? (
          <div className="empty-state">
            <ImageOff size={28} aria-hidden className="placeholder-icon" />
            <p>{ASSET_MESSAGES.empty}</p>
          </div>
        ) : (
          <ul className={styles.grid}>
            {assets.data.map((asset) => (
              <AssetCard key={asset.id} asset={asset} />
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
