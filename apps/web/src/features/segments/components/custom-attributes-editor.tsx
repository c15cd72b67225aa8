import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Tags, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES,
  CUSTOM_ATTRIBUTE_TYPE_LABELS,
  CUSTOM_ATTRIBUTE_TYPES,
  CUSTOM_ATTRIBUTES_MAX,
  UpdateCustomAttributesInputSchema,
  type CustomAttribute,
  type UpdateCustomAttributesInput,
} from '@liveops/domain/segments';
import { SAVED_MESSAGE_MS } from '@liveops/domain/shared';
import { LoadError } from '../../../components/load-error';
import { SaveBar } from '../../../components/save-bar';
import { Button } from '../../../components/ui/button';
import { useCustomAttributes } from '../../../lib/api/custom-attributes/get-custom-attributes';
import { useUpdateCustomAttributes } from '../../../lib/api/custom-attributes/update-custom-attributes';
import { useTimedMessage } from '../../../lib/use-timed-message';
import rows from '../../../components/row-list.module.css';
import segmentStyles from '../segments.module.css';
import styles from './custom-attributes-editor.module.css';

/**
 * The game's custom player attributes (decision 039): a name and a type each, saved as one list. The
 * server refuses removing or retyping one a segment uses, and says which segment. The save bar's line (decision
 * 055) says it saved for 3 s: held here, as a save re-keys the form below.
 */
export function CustomAttributesEditor({ gameId }: { gameId: string }) {
  const declared = useCustomAttributes(gameId);
  const { message: saved, show } = useTimedMessage<'saved'>();
  return (
    <section className="panel" aria-labelledby="custom-attributes-heading">
      <h2 className="panel-title" id="custom-attributes-heading">
        Custom attributes
      </h2>
      <p className={`muted ${styles.intro}`}>{CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.intro}</p>
      {declared.isPending ? (
        <p className="muted" aria-busy="true">
          {CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.loading}
        </p>
      ) : declared.isError ? (
        <LoadError message={CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.loadFailed} onRetry={() => void declared.refetch()} />
      ) : (
        // Keyed by what is stored: a save here or in another tab starts the form again from it.
        <DeclarationsForm
          key={JSON.stringify(declared.data)}
          gameId={gameId}
          stored={declared.data}
          saved={saved?.text ?? null}
          onSaved={() => show('saved', CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.saved, SAVED_MESSAGE_MS)}
        />
      )}
    </section>
  );
}

function DeclarationsForm({
  gameId,
  stored,
  saved,
  onSaved,
}: {
  gameId: string;
  stored: CustomAttribute[];
  saved: string | null;
  onSaved: () => void;
}) {
  const save = useUpdateCustomAttributes(gameId);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<UpdateCustomAttributesInput>({
    resolver: zodResolver(UpdateCustomAttributesInputSchema),
    defaultValues: { customAttributes: stored },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'customAttributes' });
  const listError = errors.customAttributes?.message ?? errors.customAttributes?.root?.message;
  const idOf = (index: number, part: string) => `custom-attribute-${index}-${part}`;

  const onSubmit = handleSubmit(async (input) => {
    // Awaited: the stored list re-keys this form, and callbacks of an unmounted component's mutate never run.
    const answer = await save.mutateAsync(input).catch(() => null);
    if (answer) onSaved();
  });

  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label="Custom attributes">
      {fields.length === 0 ? (
        <div className={`empty-state ${styles.empty}`}>
          <Tags size={28} aria-hidden className="placeholder-icon" />
          <p>{CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.empty}</p>
        </div>
      ) : (
        <ul className={rows.list}>
          {fields.map((field, index) => {
            const nameError = errors.customAttributes?.[index]?.name?.message;
            const typeError = errors.customAttributes?.[index]?.type?.message;
            const error = nameError ?? typeError;
            return (
              // custom-attribute-row: how tests find a declaration's row.
              <li key={field.id} className={`custom-attribute-row ${styles.row}`}>
                <div className={styles.fields}>
                  <div className={styles.name}>
                    <span className={styles.prefix} aria-hidden>
                      player.
                    </span>
                    <input
                      className={`input ${segmentStyles.codeInput} ${styles.nameInput}`}
                      aria-label={`Name of attribute ${index + 1}`}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={error ? idOf(index, 'error') : undefined}
                      placeholder="vip"
                      spellCheck={false}
                      autoComplete="off"
                      {...register(`customAttributes.${index}.name`)}
                    />
                  </div>
                  <select
                    className={`input ${styles.type}`}
                    aria-label={`Type of attribute ${index + 1}`}
                    aria-invalid={typeError ? true : undefined}
                    {...register(`customAttributes.${index}.type`)}
                  >
                    {CUSTOM_ATTRIBUTE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {CUSTOM_ATTRIBUTE_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove attribute ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                </div>
                {error ? (
                  <p className="field-error" id={idOf(index, 'error')}>
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {listError ? <p className="field-error">{listError}</p> : null}
      <p className="hint">{CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.ignoredHint}</p>
      <div>
        <Button
          type="button"
          variant="secondary"
          disabled={fields.length >= CUSTOM_ATTRIBUTES_MAX}
          onClick={() => append({ name: '', type: 'string' })}
        >
          <Plus size={16} aria-hidden />
          Add attribute
        </Button>
      </div>
      <SaveBar
        label="Save custom attributes"
        dirty={isDirty}
        saving={save.isPending}
        dirtyLabel={CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.saveButtonDirty}
        cleanLabel={CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.saveButtonClean}
        saved={saved}
        error={save.isError ? save.error.message || CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.saveFailed : null}
        onDiscard={() => {
          save.reset();
          reset();
        }}
      />
    </form>
  );
}
