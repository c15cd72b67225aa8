import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  addToPack,
  INVENTORY_HELP,
  INVENTORY_MESSAGES,
  packValue,
  PackInputSchema,
  suggestInventoryKey,
  uniqueInventoryKey,
  type Item,
  type Pack,
  type PackEntry,
} from '@liveops/domain/inventory';
import { InventoryIcon } from '../../../components/inventory-icon';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useCreatePack } from '../../../lib/api/packs/create-pack';
import { useUpdatePack } from '../../../lib/api/packs/update-pack';
import { formatValue } from '../../../lib/format-value';
import { IconPicker, type IconChoice } from './icon-picker';
import { KeyField } from './key-field';
import styles from './pack-dialog.module.css';

/** The server's refusals that name the key (taken, or fixed by a release), shown under it. */
const KEY_ERRORS = new Set(['KEY_TAKEN', 'KEY_FIXED']);

/**
 * The pack modal: contents live in a draft until Save; the value updates as quantities change. A new pack's key
 * follows its name, unique among `packs`, until the studio types one (decision 051).
 */
export function PackDialog({
  gameId,
  pack,
  items,
  packs,
  onClose,
}: {
  gameId: string;
  pack: Pack | null;
  items: Item[];
  packs: readonly Pack[];
  onClose: () => void;
}) {
  const create = useCreatePack(gameId);
  const update = useUpdatePack(gameId);
  const save = pack ? update : create;
  const [name, setName] = useState(pack?.name ?? '');
  const [key, setKey] = useState(pack?.key ?? '');
  const [keyTyped, setKeyTyped] = useState(false);
  const takenKeys = packs.filter((other) => other.id !== pack?.id).map((other) => other.key);
  const [contents, setContents] = useState<PackEntry[]>(pack?.contents ?? []);
  const [icon, setIcon] = useState<IconChoice>({
    iconId: pack ? pack.iconId : 'gift',
    assetRefId: pack?.assetRefId ?? null,
  });
  const [picked, setPicked] = useState(items[0]?.id ?? '');
  const [errors, setErrors] = useState<{ name?: string; key?: string; contents?: string }>({});
  const byId = new Map(items.map((item) => [item.id, item]));

  const setQuantity = (itemId: string, quantity: number) =>
    setContents((list) => list.map((entry) => (entry.itemId === itemId ? { ...entry, quantity } : entry)));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = PackInputSchema.safeParse({ name, key, contents, ...icon });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : issue.path[0] === 'key' ? 'key' : 'contents';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const done = {
      onSuccess: (saved: Pack) => {
        toast.success(`${saved.name} saved.`);
        onClose();
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && KEY_ERRORS.has(error.code ?? '')) setErrors({ key: error.message });
      },
    };
    if (pack) update.mutate({ packId: pack.id, input: parsed.data }, done);
    else create.mutate(parsed.data, done);
  };

  return (
    <FormDialog title={pack ? 'Edit Pack' : 'New Pack'} open={true} onOpenChange={(open) => !open && onClose()} wide>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <TextField
          label="Pack name"
          placeholder="Starter Pack"
          value={name}
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            if (!pack && !keyTyped) {
              const words = e.target.value.trim();
              setKey(words ? uniqueInventoryKey(suggestInventoryKey(words, 'pack'), takenKeys) : '');
            }
          }}
        />
        <KeyField
          value={key}
          onChange={(typed) => {
            setKey(typed);
            setKeyTyped(true);
          }}
          fixed={pack?.keyFixed ?? false}
          error={errors.key}
          name={name}
        />
        <div className="field">
          <span className="field-label">Contents</span>
          <div className="input-with-button">
            <select
              className="input"
              aria-label="Item to add"
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
            >
              {items.length === 0 ? <option value="">{INVENTORY_MESSAGES.noItems}</option> : null}
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
            <Button
              type="button"
              variant="secondary"
              disabled={!picked}
              onClick={() => setContents((list) => addToPack(list, picked))}
            >
              <Plus size={16} aria-hidden />
              Add item
            </Button>
          </div>
          {contents.length ? (
            <ul className={styles.contents}>
              {contents.map((entry) => {
                const item = byId.get(entry.itemId);
                return (
                  <li key={entry.itemId} className={`pack-line ${styles.line}`}>
                    {item ? <InventoryIcon entry={item} size={28} /> : null}
                    <span className={styles.lineName}>{item?.name ?? 'Unknown item'}</span>
                    <input
                      className={`input ${styles.quantity}`}
                      type="number"
                      min={1}
                      step={1}
                      aria-label={`Quantity of ${item?.name ?? 'item'}`}
                      value={Number.isNaN(entry.quantity) ? '' : entry.quantity}
                      onChange={(e) => setQuantity(entry.itemId, e.target.valueAsNumber)}
                    />
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove ${item?.name ?? 'item'}`}
                      onClick={() => setContents((list) => list.filter((e) => e.itemId !== entry.itemId))}
                    >
                      <Trash2 size={14} aria-hidden />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {errors.contents ? <Alert tone="error">{errors.contents}</Alert> : null}
          <p className={styles.value} aria-live="polite">
            Pack value:{' '}
            <strong>
              {formatValue(
                packValue(
                  contents.filter((e) => Number.isFinite(e.quantity)),
                  items,
                ),
              )}
            </strong>
          </p>
          <p className="hint">{INVENTORY_HELP.packValue}</p>
        </div>
        <IconPicker gameId={gameId} value={icon} onChange={setIcon} />
        {save.isError && !(save.error instanceof ApiError && KEY_ERRORS.has(save.error.code ?? '')) ? (
          <Alert tone="error">{save.error.message || 'Could not save the pack.'}</Alert>
        ) : null}
        <div className="dialog-actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {pack ? 'Save Pack' : 'Create Pack'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
