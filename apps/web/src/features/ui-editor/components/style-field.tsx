import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type LayoutPropValue, SAFE_STYLE_PROPERTIES, styleEntryProblem } from '@liveops/domain';
import { CommitTextInput } from './commit-text-input';

const PROPERTIES = [...SAFE_STYLE_PROPERTIES].sort();

type StyleValue = Record<string, string | number>;

const entriesOf = (value: LayoutPropValue | undefined): [string, string][] =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as StyleValue).map(([name, v]) => [name, String(v)])
    : [];

/**
 * The `style` prop (§3) as rows of a CSS property and its value: each edit is checked by the layout's own rule
 * (styleEntryProblem) before it is stored, a row removed by its button, a new one added from the properties the
 * layout accepts. An empty style is removed from the node.
 */
export function StyleField({
  value,
  onChange,
}: {
  value: LayoutPropValue | undefined;
  onChange: (value: LayoutPropValue | undefined) => void;
}) {
  const id = useId();
  const entries = entriesOf(value);
  const unused = PROPERTIES.filter((name) => !entries.some(([used]) => used === name));
  const [adding, setAdding] = useState(unused[0] ?? '');
  const [addValue, setAddValue] = useState('');
  const [error, setError] = useState<{ at: string; message: string } | null>(null);
  const newName = unused.includes(adding) ? adding : (unused[0] ?? '');

  const store = (next: [string, string][]) =>
    onChange(next.length ? (Object.fromEntries(next) as LayoutPropValue) : undefined);

  const add = () => {
    const problem = styleEntryProblem(newName, addValue);
    if (problem) {
      setError({ at: 'new', message: problem });
      return;
    }
    setError(null);
    setAddValue('');
    store([...entries, [newName, addValue.trim()]]);
  };

  return (
    <fieldset className="field ui-editor-style">
      <legend className="field-label">Style</legend>
      {entries.length === 0 && <p className="muted ui-editor-hint">No styles. Add a CSS property below.</p>}
      {entries.map(([name, current]) => (
        <div key={name} className="ui-editor-style-row">
          <label className="ui-editor-style-name" htmlFor={`${id}-${name}`}>
            {name}
          </label>
          <CommitTextInput
            id={`${id}-${name}`}
            value={current}
            aria-invalid={error?.at === name || undefined}
            onCommit={(text) => {
              if (text.trim() === '') {
                setError(null);
                store(entries.filter(([other]) => other !== name));
                return;
              }
              const problem = styleEntryProblem(name, text);
              if (problem) {
                setError({ at: name, message: problem });
                return current;
              }
              setError(null);
              store(entries.map(([other, v]) => [other, other === name ? text.trim() : v]));
            }}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove ${name}`}
            onClick={() => {
              setError(null);
              store(entries.filter(([other]) => other !== name));
            }}
          >
            <X size={14} aria-hidden />
          </button>
        </div>
      ))}
      {unused.length > 0 && (
        <div className="ui-editor-style-row">
          <select
            className="input ui-editor-input-sm"
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
            aria-invalid={error?.at === 'new' || undefined}
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
      {error && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </fieldset>
  );
}
