import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  defaultBaseAmount,
  INVENTORY_HELP,
  INVENTORY_MESSAGES,
  ITEM_DEFAULTS,
  ITEM_TYPE_LABELS,
  ITEM_TYPES,
  ItemInputSchema,
  suggestInventoryKey,
  uniqueInventoryKey,
  type Item,
  type ItemInput,
  type ItemType,
} from '@liveops/domain/inventory';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useCreateItem } from '../../../lib/api/items/create-item';
import { useUpdateItem } from '../../../lib/api/items/update-item';
import { IconPicker } from './icon-picker';
import { KeyField } from './key-field';
import styles from './item-dialog.module.css';

const defaults = (item: Item | null, items: readonly Item[]): ItemInput =>
  item
    ? {
        name: item.name,
        key: item.key,
        type: item.type,
        value: item.value,
        baseAmount: item.baseAmount,
        iconId: item.iconId,
        assetRefId: item.assetRefId,
      }
    : {
        name: '',
        key: '',
        ...ITEM_DEFAULTS,
        baseAmount: defaultBaseAmount(ITEM_DEFAULTS.type, items),
        assetRefId: null,
      };

/** The server's refusals that name the key (taken, or fixed by a release), shown under it. */
const KEY_ERRORS = new Set(['KEY_TAKEN', 'KEY_FIXED']);

/**
 * The item modal in its create (item null) and edit modes. `items` are the game's items: a new item's base amount
 * and key are suggested from them (decision 051).
 */
export function ItemDialog({
  gameId,
  item,
  items,
  onClose,
}: {
  gameId: string;
  item: Item | null;
  items: readonly Item[];
  onClose: () => void;
}) {
  const create = useCreateItem(gameId);
  const update = useUpdateItem(gameId);
  const save = item ? update : create;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getFieldState,
    formState: { errors },
  } = useForm<ItemInput>({ resolver: zodResolver(ItemInputSchema), defaultValues: defaults(item, items) });
  const name = useWatch({ control, name: 'name' });
  const others = items.filter((other) => other.id !== item?.id);
  /** A new item's key follows its name until the studio types one of its own. */
  const suggest = (name: string) => {
    if (item || getFieldState('key').isDirty) return;
    setValue(
      'key',
      name.trim()
        ? uniqueInventoryKey(
            suggestInventoryKey(name, 'item'),
            others.map((o) => o.key),
          )
        : '',
    );
  };
  /** A new item's base amount follows its type until the studio types one (1 for a first currency, else 0). */
  const followType = (type: ItemType) => {
    if (item || getFieldState('baseAmount').isDirty) return;
    setValue('baseAmount', defaultBaseAmount(type, others));
  };

  const onSubmit = handleSubmit((input) => {
    const done = {
      onSuccess: (saved: Item) => {
        toast.success(`${saved.name} saved.`);
        onClose();
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.code && KEY_ERRORS.has(error.code)) {
          setError('key', { message: error.message }, { shouldFocus: true });
          return;
        }
        console.error('Saving the item failed:', error);
      },
    };
    if (item) update.mutate({ itemId: item.id, input }, done);
    else create.mutate(input, done);
  });

  return (
    <FormDialog title={item ? 'Edit Item' : 'New Item'} open={true} onOpenChange={(open) => !open && onClose()}>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <TextField
          label="Name"
          placeholder="Gold"
          error={errors.name?.message}
          {...register('name', {
            onChange: (event: React.ChangeEvent<HTMLInputElement>) => suggest(event.target.value),
          })}
        />
        <Controller
          control={control}
          name="key"
          render={({ field, fieldState }) => (
            <KeyField
              value={field.value ?? ''}
              onChange={field.onChange}
              fixed={item?.keyFixed ?? false}
              error={fieldState.error?.message}
              name={name}
            />
          )}
        />
        <div className={styles.numbers}>
          <Field label="Type" htmlFor="item-type">
            <select
              id="item-type"
              className="input"
              {...register('type', {
                onChange: (event: React.ChangeEvent<HTMLSelectElement>) => followType(event.target.value as ItemType),
              })}
            >
              {ITEM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ITEM_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
          <TextField
            label="Value (US$)"
            hint={INVENTORY_HELP.value}
            type="number"
            min={0}
            step={0.01}
            error={errors.value?.message}
            {...register('value', { valueAsNumber: true })}
          />
          <TextField
            label="Base amount"
            hint={INVENTORY_HELP.baseAmount}
            type="number"
            min={0}
            step={1}
            placeholder="0"
            error={errors.baseAmount?.message}
            // An empty field is none: 0 (decision 051).
            {...register('baseAmount', { setValueAs: (v: unknown) => (v === '' ? 0 : Number(v)) })}
          />
        </div>
        <Controller
          control={control}
          name="iconId"
          render={({ field }) => (
            <Controller
              control={control}
              name="assetRefId"
              render={({ field: asset }) => (
                <IconPicker
                  gameId={gameId}
                  value={{ iconId: field.value ?? null, assetRefId: asset.value ?? null }}
                  onChange={(choice) => {
                    field.onChange(choice.iconId);
                    asset.onChange(choice.assetRefId);
                  }}
                />
              )}
            />
          )}
        />
        {save.isError && !(save.error instanceof ApiError && KEY_ERRORS.has(save.error.code ?? '')) ? (
          <Alert tone="error">{INVENTORY_MESSAGES.itemSaveFailed}</Alert>
        ) : null}
        <div className="dialog-actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {item ? 'Save Item' : 'Create Item'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
