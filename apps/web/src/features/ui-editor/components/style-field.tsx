import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type LayoutPropValue, SAFE_STYLE_PROPERTIES, styleEntryProblem } from '@liveops/domain';
import type { PropChange } from './prop-field';
import { type Reading, useLiveText } from './use-live-text';
import frame from '../ui-editor.module.css';
import styles from './style-field.module.css';

const PROPERTIES = [...SAFE_STYLE_PROPERTIES].sort();

type StyleValue = Record<string, string | number>;
type Entries = [string, string][];

const entriesOf = (value: LayoutPropValue | undefined): Entries =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as StyleValue).map(([name, v]) => [name, String(v)])
    : [];

/** One entry's value, stored as it is typed when the layout's rule accepts it; emptied, the row goes on leaving. */
function StyleRow({
  id,
  name,
  current,
  onValue,
  onRemove,
  onEnd,
}: {
  id: string;
  name: string;
  current: string;
  onValue: (text: string) => void;
  onRemove: () => void;
  onEnd: () => void;
}) {
  const read = (text: string): Reading => {
    // Emptied while typing is not yet a removal: the row stays until the field is left.
    if (text.trim() === '') return { problem: null };
    const problem = styleEntryProblem(name, text);
    return problem ? { problem } : { stored: text.trim() };
  };
  const live = useLiveText({
    value: current,
    read,
    onEdit: (text) => onValue(text.trim()),
    onEnd: (text) => {
      if (text.trim() === '') onRemove();
      onEnd();
    },
    errorId: `${id}-error`,
  });
  return (
    <>
      <div className={styles.row}>
        <label className={styles.name} htmlFor={id}>
          {name}
        </label>
        <input id={id} className="input" {...live.input} />
        <button type="button" className="icon-button" aria-label={`Remove ${name}`} onClick={onRemove}>
          <X size={14} aria-hidden />
        </button>
      </div>
      {live.problem && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {live.problem}
        </p>
      )}
    </>
  );
}

/**
 * The `style` prop (§3) as rows of a CSS property and its value: each value is checked by the layout's own rule
 * (styleEntryProblem) as it is typed and stored when it passes, a row removed by its button (or by leaving its
 * value empty), a new one added from the properties the layout accepts. An empty style is removed from the node.
 */
export function StyleField({
  value,
  onChange,
  onEnd,
}: {
  value: LayoutPropValue | undefined;
  onChange: PropChange;
  onEnd: () => void;
}) {
  const id = useId();
  const entries = entriesOf(value);
  const unused = PROPERTIES.filter((name) => !entries.some(([used]) => used === name));
  const [adding, setAdding] = useState(unused[0] ?? '');
  const [addValue, setAddValue] = useState('');
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const newName = unused.includes(adding) ? adding : (unused[0] ?? '');

  const store = (next: Entries, typing?: boolean) =>
    onChange(next.length ? (Object.fromEntries(next) as LayoutPropValue) : undefined, typing);

  const add = () => {
    const problem = styleEntryProblem(newName, addValue);
    if (problem) {
      setAddProblem(problem);
      return;
    }
    setAddProblem(null);
    setAddValue('');
    store([...entries, [newName, addValue.trim()]]);
  };

  return (
    <fieldset className={`field ${styles.style}`}>
      <legend className="field-label">Style</legend>
      {entries.length === 0 && <p className={`muted ${frame.hint}`}>No styles. Add a CSS property below.</p>}
      {entries.map(([name, current]) => (
        <StyleRow
          key={name}
          id={`${id}-${name}`}
          name={name}
          current={current}
          onValue={(text) =>
            store(
              entriesOf(value).map(([other, v]) => [other, other === name ? text : v]),
              true,
            )
          }
          onRemove={() => store(entriesOf(value).filter(([other]) => other !== name))}
          onEnd={onEnd}
        />
      ))}
      {unused.length > 0 && (
        <div className={styles.row}>
          <select
            className={`input ${frame.inputSm}`}
            aria-label="New style property"
            value={newName}
            onChange={(event) => setAdding(event.target.value)}
          >
            {unused.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <input
            className="input"
            aria-label="New style value"
            placeholder="Value"
            value={addValue}
            aria-invalid={addProblem !== null || undefined}
            onChange={(event) => setAddValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') add();
            }}
          />
          <button type="button" className="icon-button" aria-label="Add style" onClick={add}>
            <Plus size={14} aria-hidden />
          </button>
        </div>
      )}
      {addProblem && (
        <p className="field-error" role="alert">
          {addProblem}
        </p>
      )}
    </fieldset>
  );
}
