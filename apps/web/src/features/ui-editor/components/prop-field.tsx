import { useId, useState } from 'react';
import {
  type Asset,
  assetReference,
  type EditableField,
  isColor,
  isSafeImageSource,
  LAYOUT_MESSAGES,
  type LayoutNode,
  type LayoutPropValue,
  parseNumberInput,
  parseSliceInput,
} from '@liveops/domain';
import { UI_EDITOR_MESSAGES } from '@liveops/domain';
import { CommitTextInput } from './commit-text-input';
import { StyleField } from './style-field';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const HEX6 = /^#[0-9a-f]{6}$/i;

/** Names that read poorly spelt out. */
const FIELD_LABELS: Record<string, string> = { cbLabel: 'Editor label' };

/** A field's name as a person reads it: fillColor → "Fill color". */
function fieldLabel(name: string): string {
  if (FIELD_LABELS[name]) return FIELD_LABELS[name];
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One prop of the selected node, edited by its field's kind; every change goes through onChange (setProp). */
export function PropField({
  field,
  node,
  value,
  assets,
  onChange,
}: {
  field: EditableField;
  node: LayoutNode;
  value: LayoutPropValue | undefined;
  assets: readonly Asset[];
  onChange: (value: LayoutPropValue | undefined) => void;
}) {
  const id = useId();
  const label = fieldLabel(field.name);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  let control;
  switch (field.kind) {
    case 'text':
      control = (
        <CommitTextInput
          id={id}
          value={typeof value === 'string' ? value : ''}
          placeholder={field.default}
          onCommit={(text) => onChange(text === '' ? undefined : text)}
        />
      );
      break;
    case 'number': {
      const previous = typeof value === 'number' ? value : undefined;
      const shown = previous === undefined ? '' : String(previous);
      control = (
        <CommitTextInput
          id={id}
          inputMode="decimal"
          value={shown}
          placeholder={String(field.default)}
          onCommit={(text) => {
            const parsed = parseNumberInput(text, previous);
            // §5: a non-numeric entry keeps the old value (or the default), shown again.
            if (parsed === 'keep') return shown;
            onChange(parsed);
          }}
        />
      );
      break;
    }
    case 'select':
      control = (
        <select
          id={id}
          className="input"
          value={typeof value === 'string' && field.options.includes(value) ? value : field.default}
          onChange={(event) => onChange(event.target.value)}
        >
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case 'boolean': {
      const on = value === undefined ? field.default : value === true || value === 'true';
      return (
        <label className="ui-editor-switch" htmlFor={id}>
          <input id={id} type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
          <span>{label}</span>
        </label>
      );
    }
    case 'color': {
      const current = typeof value === 'string' ? value : field.default;
      control = (
        <div className="ui-editor-color">
          <input
            type="color"
            className="color-input"
            aria-label={`${label} picker`}
            value={HEX6.test(current) ? current : '#000000'}
            onChange={(event) => {
              setError(null);
              onChange(event.target.value);
            }}
          />
          <CommitTextInput
            id={id}
            value={typeof value === 'string' ? value : ''}
            placeholder={field.default}
            {...invalid}
            onCommit={(text) => {
              if (text.trim() === '') {
                setError(null);
                onChange(undefined);
                return;
              }
              if (!isColor(text)) {
                setError(UI_EDITOR_MESSAGES.colorInvalid);
                return typeof value === 'string' ? value : '';
              }
              setError(null);
              onChange(text.trim());
            }}
          />
        </div>
      );
      break;
    }
    case 'image': {
      const source = typeof value === 'string' ? value : '';
      control = (
        <div className="ui-editor-image">
          <CommitTextInput
            id={id}
            value={source}
            placeholder="https://…"
            {...invalid}
            onCommit={(text) => {
              const next = text.trim();
              if (!isSafeImageSource(next)) {
                setError(LAYOUT_MESSAGES.imageSourceInvalid);
                return source;
              }
              setError(null);
              onChange(next === '' ? undefined : next);
            }}
          />
          <select
            className="input"
            aria-label={`${label} asset`}
            value={assets.some((a) => assetReference(a.assetId) === source) ? source : ''}
            onChange={(event) => {
              setError(null);
              onChange(event.target.value === '' ? undefined : event.target.value);
            }}
          >
            <option value="">{assets.length ? 'Pick an asset…' : 'No assets in this game'}</option>
            {assets.map((asset) => (
              <option key={asset.assetId} value={assetReference(asset.assetId)}>
                {asset.name} ({asset.assetId})
              </option>
            ))}
          </select>
        </div>
      );
      break;
    }
    case 'slice': {
      const stored = value !== null && typeof value === 'object' ? value : {};
      const side = (name: (typeof SIDES)[number]) => {
        const v = stored[name];
        return typeof v === 'number' ? v : field.default[name];
      };
      return (
        <fieldset className="field ui-editor-slice">
          <legend className="field-label">{label}</legend>
          {SIDES.map((name) => (
            <label key={name} className="ui-editor-slice-side">
              <span className="muted">{fieldLabel(name)}</span>
              <CommitTextInput
                inputMode="decimal"
                value={String(side(name))}
                onCommit={(text) => {
                  const next = parseSliceInput(text, side(name));
                  if (next !== side(name) || !(name in stored)) {
                    onChange({ ...Object.fromEntries(SIDES.map((s) => [s, side(s)])), [name]: next });
                  }
                  return String(next);
                }}
              />
            </label>
          ))}
        </fieldset>
      );
    }
    case 'style':
      return <StyleField value={value} onChange={onChange} />;
  }
  return (
    <div className="field" data-field={field.name} data-node-type={node.type}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {control}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
