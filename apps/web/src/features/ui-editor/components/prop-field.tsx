import { useId } from 'react';
import { type Asset } from '@liveops/domain/assets';
import { type EditableField, type LayoutNode, type LayoutPropValue, selectOptionLabel } from '@liveops/domain/layout';
import type { PropNote } from '../node-rendering';
import { type ColorSource, ColorField } from './color-field';
import { FieldFrame } from './field-frame';
import { fieldLabel } from './field-label';
import { FieldNote, type PropNoteRestore } from './field-note';
import type { PropChange } from './field-props';
import { ImageField } from './image-field';
import { NumberField } from './number-field';
import { SliceField } from './slice-field';
import { StyleField } from './style-field';
import { TextField } from './text-field';
import styles from './prop-field.module.css';

/**
 * One prop of the selected node, edited by its field's kind; every change goes through onChange (setProp). Text
 * fields change the prop as they are typed (useLiveText); selects, switches and the asset picker at once.
 */
export function PropField({
  field,
  node,
  value,
  assets,
  onChange,
  onEnd,
  note,
  onRestore,
  colorSource,
  onPickAsset,
  placeholder,
}: {
  field: EditableField;
  node: LayoutNode;
  value: LayoutPropValue | undefined;
  assets: readonly Asset[];
  onChange: PropChange;
  onEnd: () => void;
  /** What the popup shows in this field and why, when a binding is involved (decision 028). */
  note?: PropNote | null;
  onRestore?: PropNoteRestore;
  /** For a colour field: the theme colour it follows and how to change that. */
  colorSource?: ColorSource;
  /** For an image field: an asset picked from the list (the panel keeps the asset's aspect ratio). */
  onPickAsset?: (asset: Asset) => void;
  /** What an empty text field stands for, when not the field's default (the bound value that then renders). */
  placeholder?: string | undefined;
}) {
  const id = useId();
  const noteElement = note && onRestore ? <FieldNote id={`${id}-note`} note={note} onRestore={onRestore} /> : undefined;
  switch (field.kind) {
    case 'text':
      return (
        <TextField
          field={field}
          node={node}
          value={value}
          onChange={onChange}
          onEnd={onEnd}
          note={noteElement}
          placeholder={placeholder}
        />
      );
    case 'number':
      return <NumberField field={field} node={node} value={value} onChange={onChange} onEnd={onEnd} />;
    case 'color':
      return (
        <ColorField
          field={field}
          node={node}
          value={value}
          onChange={onChange}
          onEnd={onEnd}
          note={noteElement}
          {...(colorSource ? { source: colorSource } : {})}
        />
      );
    case 'image':
      return (
        <ImageField
          field={field}
          node={node}
          value={value}
          assets={assets}
          onChange={onChange}
          onEnd={onEnd}
          note={noteElement}
          {...(onPickAsset ? { onPickAsset } : {})}
        />
      );
    case 'slice':
      return <SliceField field={field} value={value} onChange={onChange} onEnd={onEnd} />;
    case 'style':
      return <StyleField value={value} onChange={onChange} onEnd={onEnd} />;
    case 'select':
      return (
        <FieldFrame id={id} name={field.name} node={node} problem={null}>
          <select
            id={id}
            className="input"
            value={typeof value === 'string' && field.options.includes(value) ? value : field.default}
            onChange={(event) => onChange(event.target.value)}
          >
            {field.options.map((option) => (
              <option key={option} value={option}>
                {selectOptionLabel(field.name, option)}
              </option>
            ))}
          </select>
        </FieldFrame>
      );
    case 'boolean': {
      const on = value === undefined ? field.default : value === true || value === 'true';
      return (
        <label className={styles.switch} htmlFor={id}>
          <input id={id} type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
          <span>{fieldLabel(field.name)}</span>
        </label>
      );
    }
  }
}
