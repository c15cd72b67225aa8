import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type LayoutPropValue,
  plainStyleProperty,
  SAFE_STYLE_PROPERTIES,
  STYLE_GROUPS,
  styleEntryProblem,
} from '@liveops/domain/layout';
import type { PropChange } from './field-props';
import { type Reading, useLiveText } from './use-live-text';
import frame from '../ui-editor.module.css';
import styles from './style-field.module.css';

/** Raw CSS: the layout's safe properties without a plain name, offered under "Advanced" by their CSS names. */
const RAW_PROPERTIES = [...SAFE_STYLE_PROPERTIES].filter((name) => plainStyleProperty(name) === null).sort();
/** How a property reads in the panel: its plain name, or its CSS name for raw CSS. */
const labelOf = (name: string) => plainStyleProperty(name)?.property.label ?? name;

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
        <label className={plainStyleProperty(name) ? styles.plain : styles.name} htmlFor={id} title={name}>
          {labelOf(name)}
        </label>
        <input id={id} className="input" {...live.input} />
        <button type="button" className="icon-button" aria-label={`Remove ${labelOf(name)}`} onClick={onRemove}>
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

/** Picks a property not set yet and its value, and adds the entry once the layout's rule accepts it. */
function AddStyle({
  groups,
  what,
  onAdd,
}: {
  groups: readonly { label: string | null; names: readonly string[] }[];
  /** How the controls are named: "style" for the plain ones, "CSS property" under Advanced. */
  what: string;
  onAdd: (name: string, value: string) => void;
}) {
  const all = groups.flatMap((group) => group.names);
  const [adding, setAdding] = useState(all[0] ?? '');
  const [addValue, setAddValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const newName = all.includes(adding) ? adding : (all[0] ?? '');
  if (all.length === 0) return null;
  const add = () => {
    const found = styleEntryProblem(newName, addValue);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(null);
    setAddValue('');
    onAdd(newName, addValue.trim());
  };
  const option = (name: string) => (
    <option key={name} value={name}>
      {labelOf(name)}
    </option>
  );
  return (
    <>
      <div className={`${styles.row} ${styles.addRow}`}>
        <select
          className={`input ${frame.inputSm}`}
          aria-label={`New ${what}`}
          value={newName}
          onChange={(event) => setAdding(event.target.value)}
        >
          {groups.map((group) =>
            group.label === null ? (
              group.names.map(option)
            ) : group.names.length ? (
              <optgroup key={group.label} label={group.label}>
                {group.names.map(option)}
              </optgroup>
            ) : null,
          )}
        </select>
        <input
          className="input"
          aria-label={`New ${what} value`}
          placeholder="Value"
          value={addValue}
          aria-invalid={problem !== null || undefined}
          onChange={(event) => setAddValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add();
          }}
        />
        <button type="button" className="icon-button" aria-label={`Add ${what}`} onClick={add}>
          <Plus size={14} aria-hidden />
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/**
 * The `style` prop, in a designer's words (decision 055): what is set shows under its group
 * (text, colour, spacing, size, border, shadow) by a plain name, and a new one is picked by those names; every other
 * CSS property of the layout's safe list is under "Advanced", by its CSS name. Each value is checked by the
 * layout's own rule (styleEntryProblem) as it is typed and stored when it passes; a row is removed by its button (or
 * by leaving its value empty). An empty style is removed from the node.
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
  const used = new Set(entries.map(([name]) => name));
  const raw = entries.filter(([name]) => plainStyleProperty(name) === null);

  const store = (next: Entries, typing?: boolean) =>
    onChange(next.length ? (Object.fromEntries(next) as LayoutPropValue) : undefined, typing);
  const row = ([name, current]: [string, string]) => (
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
  );
  const add = (name: string, text: string) => store([...entries, [name, text]]);

  return (
    <fieldset className={`field ${styles.style}`}>
      <legend className="field-label">Style</legend>
      {entries.length === 0 && <p className={`muted ${frame.hint}`}>No style yet. Pick what to change below.</p>}
      {STYLE_GROUPS.map((group) => {
        const set = entries.filter(([name]) => plainStyleProperty(name)?.group.id === group.id);
        return set.length ? (
          <div key={group.id} className={styles.group} role="group" aria-label={`${group.label} style`}>
            <p className={styles.groupLabel}>{group.label}</p>
            {set.map(row)}
          </div>
        ) : null;
      })}
      <AddStyle
        what="style"
        groups={STYLE_GROUPS.map((group) => ({
          label: group.label,
          names: group.properties.map((property) => property.name).filter((name) => !used.has(name)),
        }))}
        onAdd={add}
      />
      <details className={styles.advanced} open={raw.length > 0 || undefined}>
        <summary>Advanced (CSS)</summary>
        <p className={`muted ${frame.hint}`}>Any other CSS property the popup allows, by its CSS name.</p>
        {raw.map(row)}
        <AddStyle
          what="CSS property"
          groups={[{ label: null, names: RAW_PROPERTIES.filter((name) => !used.has(name)) }]}
          onAdd={add}
        />
      </details>
    </fieldset>
  );
}
