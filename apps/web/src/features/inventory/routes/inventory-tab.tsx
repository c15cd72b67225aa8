import * as Tabs from '@radix-ui/react-tabs';
import { Package, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { INVENTORY_MESSAGES, ITEM_TYPE_LABELS, type Item, type Pack } from '@liveops/domain/inventory';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InventoryIcon } from '../../../components/inventory-icon';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { useDeleteItem } from '../../../lib/api/items/delete-item';
import { useItems } from '../../../lib/api/items/get-items';
import { useDeletePack } from '../../../lib/api/packs/delete-pack';
import { usePacks } from '../../../lib/api/packs/get-packs';
import { formatValue } from '../../../lib/format-value';
import { PageHeader } from '../../../components/page-header';
import { Page } from '../../../components/page';
import { CopyableId } from '../components/copyable-id';
import { ItemDialog } from '../components/item-dialog';
import { PackDialog } from '../components/pack-dialog';
import tabStyles from '../../../components/tabs.module.css';
import rows from '../../../components/row-list.module.css';
import styles from './inventory-tab.module.css';

type Editing = { kind: 'item'; item: Item | null } | { kind: 'pack'; pack: Pack | null } | null;

function Row({
  entry,
  details,
  onEdit,
  onDelete,
  confirm,
}: {
  entry: Item | Pack;
  details: string;
  onEdit: () => void;
  onDelete: () => void;
  confirm: string;
}) {
  return (
    // inventory-row: how tests find an item's or pack's row.
    <li className={`inventory-row ${rows.row}`}>
      <InventoryIcon entry={entry} />
      <div className={rows.main}>
        <p className={rows.name}>{entry.name}</p>
        <p className={`muted ${rows.details}`}>{details}</p>
        <div className={styles.ids}>
          <CopyableId id={entry.key} name={entry.name} kind="key" />
          <CopyableId id={entry.id} name={entry.name} />
        </div>
      </div>
      <div className={rows.actions}>
        <button type="button" className="icon-button" aria-label={`Edit ${entry.name}`} onClick={onEdit}>
          <Pencil size={15} aria-hidden />
        </button>
        <ConfirmDialog
          title={confirm}
          onConfirm={onDelete}
          trigger={
            <button type="button" className="icon-button" aria-label={`Delete ${entry.name}`}>
              <Trash2 size={15} aria-hidden />
            </button>
          }
        />
      </div>
    </li>
  );
}

/** The workspace's Inventory tab: Items and Packs, each with create, edit and delete. */
export function InventoryTab() {
  const gameId = useParams().gameId ?? '';
  const items = useItems(gameId);
  const packs = usePacks(gameId);
  const deleteItem = useDeleteItem(gameId);
  const deletePack = useDeletePack(gameId);
  const [view, setView] = useState<'items' | 'packs'>('items');
  const [editing, setEditing] = useState<Editing>(null);
  const itemsById = new Map(items.data?.map((i) => [i.id, i]));
  const failed = (error: Error) => toast.error(error.message || 'Delete failed. Please try again.');

  return (
    <Page>
      <PageHeader
        title="Inventory"
        intro="Currencies and game items, and the packs that bundle them. Values are in US dollars; your game names each entry by its key (or its ID)."
        actions={
          <Button
            onClick={() => setEditing(view === 'items' ? { kind: 'item', item: null } : { kind: 'pack', pack: null })}
          >
            + Add
          </Button>
        }
      />
      <Tabs.Root value={view} onValueChange={(v) => setView(v as 'items' | 'packs')}>
        <Tabs.List className={`${tabStyles.list} ${styles.tabs}`} aria-label="Inventory">
          <Tabs.Trigger value="items" className={tabStyles.tab}>
            Items{items.data ? ` (${items.data.length})` : ''}
          </Tabs.Trigger>
          <Tabs.Trigger value="packs" className={tabStyles.tab}>
            Packs{packs.data ? ` (${packs.data.length})` : ''}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="items" className="panel">
          {items.isPending ? (
            <p className="muted">Loading items…</p>
          ) : items.isError ? (
            <LoadError message="Could not load items." onRetry={() => void items.refetch()} />
          ) : items.data.length === 0 ? (
            <div className="empty-state">
              <Package size={28} aria-hidden className="placeholder-icon" />
              <p>{INVENTORY_MESSAGES.noItems}</p>
            </div>
          ) : (
            <ul className={rows.list}>
              {items.data.map((item) => (
                <Row
                  key={item.id}
                  entry={item}
                  details={`${ITEM_TYPE_LABELS[item.type]} · worth ${formatValue(item.value)} each · new players start with ${item.baseAmount.toLocaleString('en-US')}`}
                  onEdit={() => setEditing({ kind: 'item', item })}
                  onDelete={() => deleteItem.mutate(item.id, { onError: failed })}
                  confirm={INVENTORY_MESSAGES.deleteItemConfirm}
                />
              ))}
            </ul>
          )}
        </Tabs.Content>
        <Tabs.Content value="packs" className="panel">
          {packs.isPending ? (
            <p className="muted">Loading packs…</p>
          ) : packs.isError ? (
            <LoadError message="Could not load packs." onRetry={() => void packs.refetch()} />
          ) : packs.data.length === 0 ? (
            <div className="empty-state">
              <Package size={28} aria-hidden className="placeholder-icon" />
              <p>{INVENTORY_MESSAGES.noPacks}</p>
            </div>
          ) : (
            <ul className={rows.list}>
              {packs.data.map((pack) => (
                <Row
                  key={pack.id}
                  entry={pack}
                  details={`${pack.contents.map((e) => `${e.quantity.toLocaleString('en-US')}× ${itemsById.get(e.itemId)?.name ?? '…'}`).join(', ')} · worth ${formatValue(pack.value)}`}
                  onEdit={() => setEditing({ kind: 'pack', pack })}
                  onDelete={() => deletePack.mutate(pack.id, { onError: failed })}
                  confirm={INVENTORY_MESSAGES.deletePackConfirm}
                />
              ))}
            </ul>
          )}
        </Tabs.Content>
      </Tabs.Root>
      {editing?.kind === 'item' ? (
        <ItemDialog gameId={gameId} item={editing.item} items={items.data ?? []} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'pack' ? (
        <PackDialog
          gameId={gameId}
          pack={editing.pack}
          items={items.data ?? []}
          packs={packs.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
