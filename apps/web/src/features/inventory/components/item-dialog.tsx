import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  INVENTORY_HELP,
  INVENTORY_MESSAGES,
  ITEM_DEFAULTS,
  ITEM_TYPE_LABELS,
  ITEM_TYPES,
  ItemInputSchema,
  type Item,
  type ItemInput,
} from '@liveops/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useCreateItem } from '../../../lib/api/items/create-item';
import { useUpdateItem } from '../../../lib/api/items/update-item';
import { IconPicker } from './icon-picker';
import styles from './item-dialog.module.css';

const defaults = (item: Item | null): ItemInput =>
  item
    ? {
        name: item.name,
        type: item.type,
        value: item.value,
        baseAmount: item.baseAmount,
        iconId: item.iconId,
        assetRefId: item.assetRefId,
      }
    : { name: '', ...ITEM_DEFAULTS, assetRefId: null };

/** The item modal in its create (item null) and edit modes. */
export function ItemDialog({ gameId, item, onClose }: { gameId: string; item: Item | null; onClose: () => void }) {
  const create = useCreateItem(gameId);
  const update = useUpdateItem(gameId);
  const save = item ? update : create;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ItemInput>({ resolver: zodResolver(ItemInputSchema), defaultValues: defaults(item) });

  const onSubmit = handleSubmit((input) => {
    const done = {
      onSuccess: (saved: Item) => {
        toast.success(`${saved.name} saved.`);
        onClose();
      },
      onError: (error: Error) => console.error('Saving the item failed:', error),
    };
    if (item) update.mutate({ itemId: item.id, input }, done);
    else create.mutate(input, done);
  });

  return (
    <FormDialog title={item ? 'Edit Item' : 'New Item'} open={true} onOpenChange={(open) => !open && onClose()}>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <TextField label="Name" placeholder="Gold" error={errors.name?.message} {...register('name')} />
        <div className={styles.numbers}>
          <Field label="Type" htmlFor="item-type">
            <select id="item-type" className="input" {...register('type')}>
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
            min={1}
            step={1}
            error={errors.baseAmount?.message}
            {...register('baseAmount', { valueAsNumber: true })}
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
        {save.isError ? <Alert tone="error">{INVENTORY_MESSAGES.itemSaveFailed}</Alert> : null}
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
