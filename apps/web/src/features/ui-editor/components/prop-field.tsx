import { type ReactNode, useId } from 'react';
import { type Asset } from '@liveops/domain/assets';
import {
  assetReference,
  type EditableField,
  isColor,
  isSafeImageSource,
  LAYOUT_MESSAGES,
  type LayoutNode,
  type LayoutPropValue,
  selectOptionLabel,
  parseNumberInput,
  parseSliceInput,
  UI_EDITOR_MESSAGES,
} from '@liveops/domain/layout';
import type { ThemeColorRole } from '@liveops/views';
import type { PropNote } from '../node-rendering';
import { StyleField } from './style-field';
import { ColorInput } from '../../../components/ui/color-input';
import { type Reading, useLiveText } from './use-live-text';
import frame from '../ui-editor.module.css';
import styles from './prop-field.module.css';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;

/** The colour picker's value (#rrggbb only): #rgb spelt out, anything else (a name, rgb()) black. */
const pickerValue = (color: string) =>
  HEX6.test(color) ? color : HEX3.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : '#000000';

/**
 * Names for designers: a text's value and a button's label are its text (decision 028; the other `label` props
 * are the node's name in the hierarchy, edited as one field of its own).
 */
const FIELD_LABELS: Record<string, string> = {
  value: 'Text',
  label: 'Text',
  src: 'Image',
  // An image node's "source" or "fill" (decision 055): what it shows.
  type: 'Shows',
  fillImage: 'Fill image',
  className: 'CSS class',
  cbLabel: 'Editor label',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A field's name as a person reads it: fillColor → "Fill color". */
function fieldLabel(name: string): string {
  if (FIELD_LABELS[name]) return FIELD_LABELS[name];
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A change of the prop; `typing` when it comes from a keystroke (one undo step per burst, see useLiveText). */
export type PropChange = (value: LayoutPropValue | undefined, typing?: boolean) => void;

/** A colour field that follows one of the game's theme colours, and how to change what it follows. */
export interface ColorSource {
  /** The theme colour it follows, with the colour it renders in; null: it shows as set. */
  theme: { role: ThemeColorRole; rendered: string } | null;
  /** null: its own colour, kept as it renders now. */
  onFollow: (role: ThemeColorRole | null) => void;
}

interface FieldProps<F extends EditableField['kind']> {
  field: Extract<EditableField, { kind: F }>;
  value: LayoutPropValue | undefined;
  onChange: PropChange;
  /** Typing in the field ended: Enter or focus left it. */
  onEnd: () => void;
}

const asText = (text: string): Reading => ({ stored: text });

function readNumber(text: string): Reading {
  // With no previous value, 'keep' means only "not a number".
  const parsed = parseNumberInput(text, undefined);
  if (parsed === 'keep') return { problem: UI_EDITOR_MESSAGES.numberInvalid };
  return { stored: parsed === undefined ? '' : String(parsed) };
}

function readColor(text: string): Reading {
  if (text.trim() === '') return { stored: '' };
  return isColor(text) ? { stored: text.trim() } : { problem: UI_EDITOR_MESSAGES.colorInvalid };
}

function readImageSource(text: string): Reading {
  const source = text.trim();
  return isSafeImageSource(source) ? { stored: source } : { problem: LAYOUT_MESSAGES.imageSourceInvalid };
}

function readSliceSide(text: string): Reading {
  // With NaN as the previous value, NaN back means "not a number"; empty is 0.
  const side = parseSliceInput(text, Number.NaN);
  return Number.isNaN(side) ? { problem: UI_EDITOR_MESSAGES.numberInvalid } : { stored: String(side) };
}

/** What a field shows and why, when not simply its value (decision 028), with the way back to the binding. */
function FieldNote({ id, note, onRestore }: { id: string; note: PropNote; onRestore: PropNoteRestore }) {
  const { restore } = note;
  return (
    <div className={frame.note} id={id}>
      <p>{note.text}</p>
      {restore && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRestore(restore.props)}>
          {restore.label}
        </button>
      )}
    </div>
  );
}

export type PropNoteRestore = (props: Record<string, LayoutPropValue | undefined>) => void;

/** The label, the control, the note on what renders and the field's problem, if any. */
function Field({
  id,
  name,
  node,
  problem,
  note,
  children,
}: {
  id: string;
  name: string;
  node: LayoutNode;
  problem: string | null;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field" data-field={name} data-node-type={node.type}>
      <label className="field-label" htmlFor={id}>
        {fieldLabel(name)}
      </label>
      {children}
      {note}
      {problem && (
        <p className="field-error" id={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  );
}

function TextField({
  field,
  node,
  value,
  onChange,
  onEnd,
  note,
  placeholder,
}: FieldProps<'text'> & { node: LayoutNode; note?: ReactNode; placeholder?: string | undefined }) {
  const id = useId();
  const live = useLiveText({
    value: typeof value === 'string' ? value : '',
    read: asText,
    onEdit: (text) => onChange(text === '' ? undefined : text, true),
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <Field id={id} name={field.name} node={node} problem={live.problem} note={note}>
      <input id={id} className="input" placeholder={placeholder ?? field.default} {...live.input} />
    </Field>
  );
}

function NumberField({ field, node, value, onChange, onEnd }: FieldProps<'number'> & { node: LayoutNode }) {
  const id = useId();
  const previous = typeof value === 'number' ? value : undefined;
  const live = useLiveText({
    value: previous === undefined ? '' : String(previous),
    read: readNumber,
    onEdit: (text) => {
      // §5: an empty field clears the prop (its default shows); the same number changes nothing.
      const parsed = parseNumberInput(text, previous);
      if (parsed !== 'keep') onChange(parsed, true);
    },
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <Field id={id} name={field.name} node={node} problem={live.problem}>
      <input id={id} className="input" inputMode="decimal" placeholder={String(field.default)} {...live.input} />
    </Field>
  );
}

const THEME_ROLES: readonly ThemeColorRole[] = ['primary', 'secondary'];

/**
 * A colour: typed, picked, or one of the game's theme colours (decision 028). A colour that follows the theme
 * shows the colour it renders in, and says so; typing or picking a colour makes it the node's own.
 */
function ColorField({
  field,
  node,
  value,
  onChange,
  onEnd,
  source,
  note,
}: FieldProps<'color'> & { node: LayoutNode; source?: ColorSource; note?: ReactNode }) {
  const id = useId();
  const theme = source?.theme ?? null;
  const stored = theme ? theme.rendered : typeof value === 'string' ? value : '';
  const current = stored || field.default;
  const live = useLiveText({
    value: stored,
    read: readColor,
    onEdit: (text) => onChange(text.trim() === '' ? undefined : text.trim(), true),
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <Field
      id={id}
      name={field.name}
      node={node}
      problem={live.problem}
      note={
        <>
          {theme && (
            <p className={frame.note}>
              {UI_EDITOR_MESSAGES.showsThemeColor(theme.rendered, UI_EDITOR_MESSAGES.themeColorNames[theme.role])}
            </p>
          )}
          {note}
        </>
      }
    >
      {source && (
        <select
          className={`input ${styles.colorSource}`}
          aria-label={`${fieldLabel(field.name)} source`}
          value={theme?.role ?? ''}
          onChange={(event) => {
            const role = THEME_ROLES.find((r) => r === event.target.value);
            source.onFollow(role ?? null);
          }}
        >
          <option value="">{UI_EDITOR_MESSAGES.ownColor}</option>
          {THEME_ROLES.map((role) => (
            <option key={role} value={role}>
              {capitalise(UI_EDITOR_MESSAGES.themeColorNames[role])}
            </option>
          ))}
        </select>
      )}
      <div className={styles.color}>
        {/* Dragging in the picker is typing too: one undo step until the picker is left. */}
        <ColorInput
          className={styles.picker}
          aria-label={`${fieldLabel(field.name)} picker`}
          value={pickerValue(current)}
          onChange={(event) => onChange(event.target.value, true)}
          onBlur={onEnd}
        />
        <input id={id} className="input" placeholder={field.default} {...live.input} />
      </div>
    </Field>
  );
}

function ImageField({
  field,
  node,
  value,
  assets,
  onChange,
  onEnd,
  onPickAsset,
  note,
}: FieldProps<'image'> & {
  node: LayoutNode;
  assets: readonly Asset[];
  onPickAsset?: (asset: Asset) => void;
  note?: ReactNode;
}) {
  const id = useId();
  const source = typeof value === 'string' ? value : '';
  const live = useLiveText({
    value: source,
    read: readImageSource,
    onEdit: (text) => onChange(text.trim() === '' ? undefined : text.trim(), true),
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <Field id={id} name={field.name} node={node} problem={live.problem} note={note}>
      <div className={styles.image}>
        <input id={id} className="input" placeholder="https://…" {...live.input} />
        <select
          className="input"
          aria-label={`${fieldLabel(field.name)} asset`}
          value={assets.some((a) => assetReference(a.assetId) === source) ? source : ''}
          onChange={(event) => {
            const asset = assets.find((a) => assetReference(a.assetId) === event.target.value);
            if (asset && onPickAsset) onPickAsset(asset);
            else onChange(event.target.value === '' ? undefined : event.target.value);
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
    </Field>
  );
}

function SliceSide({
  name,
  side,
  onSide,
  onEnd,
}: {
  name: (typeof SIDES)[number];
  side: number;
  onSide: (next: number) => void;
  onEnd: () => void;
}) {
  const id = useId();
  const live = useLiveText({
    value: String(side),
    read: readSliceSide,
    onEdit: (text) => onSide(parseSliceInput(text, side)),
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <div className={styles.sliceSide}>
      <label className="muted" htmlFor={id}>
        {fieldLabel(name)}
      </label>
      <input id={id} className="input" inputMode="decimal" {...live.input} />
      {live.problem && (
        <p className="field-error" id={`${id}-error`}>
          {live.problem}
        </p>
      )}
    </div>
  );
}

function SliceField({ field, value, onChange, onEnd }: FieldProps<'slice'>) {
  const stored = value !== null && typeof value === 'object' ? value : {};
  const side = (name: (typeof SIDES)[number]) => {
    const v = stored[name];
    return typeof v === 'number' ? v : field.default[name];
  };
  return (
    <fieldset className={`field ${styles.slice}`}>
      <legend className="field-label">{fieldLabel(field.name)}</legend>
      {SIDES.map((name) => (
        <SliceSide
          key={name}
          name={name}
          side={side(name)}
          // A side typed into a slice not stored yet stores all four (the others at their defaults).
          onSide={(next) => {
            if (next !== side(name) || !(name in stored)) {
              onChange({ ...Object.fromEntries(SIDES.map((s) => [s, side(s)])), [name]: next }, true);
            }
          }}
          onEnd={onEnd}
        />
      ))}
    </fieldset>
  );
}

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
        <Field id={id} name={field.name} node={node} problem={null}>
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
        </Field>
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
