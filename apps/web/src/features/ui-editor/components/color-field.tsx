import { type ReactNode, useId } from 'react';
import { isColor, type LayoutNode, UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import type { ThemeColorRole } from '@liveops/views';
import { ColorInput } from '../../../components/ui/color-input';
import frame from '../ui-editor.module.css';
import { FieldFrame } from './field-frame';
import { fieldLabel } from './field-label';
import type { FieldProps } from './field-props';
import { type Reading, useLiveText } from './use-live-text';
import styles from './prop-field.module.css';

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;

/** The colour picker's value (#rrggbb only): #rgb spelt out, anything else (a name, rgb()) black. */
const pickerValue = (color: string) =>
  HEX6.test(color) ? color : HEX3.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : '#000000';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function readColor(text: string): Reading {
  if (text.trim() === '') return { stored: '' };
  return isColor(text) ? { stored: text.trim() } : { problem: UI_EDITOR_MESSAGES.colorInvalid };
}

/** A colour field that follows one of the game's theme colours, and how to change what it follows. */
export interface ColorSource {
  /** The theme colour it follows, with the colour it renders in; null: it shows as set. */
  theme: { role: ThemeColorRole; rendered: string } | null;
  /** null: its own colour, kept as it renders now. */
  onFollow: (role: ThemeColorRole | null) => void;
}

const THEME_ROLES: readonly ThemeColorRole[] = ['primary', 'secondary'];

/**
 * A colour: typed, picked, or one of the game's theme colours (decision 028). A colour that follows the theme
 * shows the colour it renders in, and says so; typing or picking a colour makes it the node's own.
 */
export function ColorField({
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
    <FieldFrame
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
    </FieldFrame>
  );
}
