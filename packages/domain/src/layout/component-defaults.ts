import { DEFAULT_GAME_THEME } from '../games/game-theme';
import type { LayoutNodeType, LayoutPropValue, LayoutProps } from './layout';

/**
 * The spec's "Editable props per component" as data, read by the properties panel and the renderer alike. Text sizes
 * follow the wider of the spec's two readings (xs to xl, default md): it accepts layouts written under either
 * reading and uses the same scale as a button's textSize, so the renderer needs one size map (decision 012).
 */
export const TEXT_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

type FieldBase = {
  name: string;
  /**
   * When present, the field is shown only while this holds for the node's props (the spec's "Editor field
   * visibility").
   */
  showIf?: (props: LayoutProps) => boolean;
};
/** `style` is an object of CSS properties, checked against layout.ts's safe list. */
export type EditableField = FieldBase &
  (
    | { kind: 'text'; default?: string }
    | { kind: 'color'; default: string }
    | { kind: 'number'; default: number }
    | { kind: 'select'; options: readonly string[]; default: string }
    | { kind: 'boolean'; default: boolean }
    | { kind: 'image'; default?: string }
    | { kind: 'slice'; default: { top: number; right: number; bottom: number; left: number } }
    | { kind: 'style'; default?: undefined }
  );
export type EditableFieldKind = EditableField['kind'];

export interface ComponentDefinition {
  type: LayoutNodeType;
  fields: readonly EditableField[];
  /** The props a newly inserted node of this type starts with: every field's default. */
  defaultProps: LayoutProps;
}

const isFill = (props: LayoutProps) => props.type === 'fill';

const TEXT_FIELDS: readonly EditableField[] = [
  { name: 'value', kind: 'text', default: 'New Text' },
  { name: 'color', kind: 'color', default: '#FFFFFF' },
  { name: 'size', kind: 'select', options: TEXT_SIZES, default: 'md' },
  { name: 'weight', kind: 'select', options: ['normal', 'semibold', 'bold'], default: 'normal' },
  { name: 'align', kind: 'select', options: ['left', 'center', 'right'], default: 'center' },
  { name: 'shadow', kind: 'boolean', default: false },
  { name: 'className', kind: 'text' },
  { name: 'label', kind: 'text' },
  { name: 'style', kind: 'style' },
];

const IMAGE_FIELDS: readonly EditableField[] = [
  { name: 'type', kind: 'select', options: ['source', 'fill'], default: 'source' },
  { name: 'src', kind: 'image', showIf: (props) => !isFill(props) },
  { name: 'fillColor', kind: 'color', default: '#374151', showIf: isFill },
  { name: 'width', kind: 'number', default: 48 },
  { name: 'height', kind: 'number', default: 48 },
  { name: 'animation', kind: 'select', options: ['none', 'pulse', 'hover', 'float'], default: 'none' },
  { name: 'radius', kind: 'number', default: 0 },
  { name: 'ninePatch', kind: 'boolean', default: false },
  {
    name: 'slice',
    kind: 'slice',
    default: { top: 0, right: 0, bottom: 0, left: 0 },
    showIf: (props) => props.ninePatch === true,
  },
  { name: 'className', kind: 'text' },
  { name: 'label', kind: 'text' },
  { name: 'style', kind: 'style' },
];

/** A button's `label` is its text; its name in the hierarchy is `cbLabel`. */
const BUTTON_FIELDS: readonly EditableField[] = [
  { name: 'label', kind: 'text', default: 'Button' },
  { name: 'color', kind: 'color', default: '#82F6FF' },
  { name: 'radius', kind: 'number', default: 12 },
  { name: 'width', kind: 'number', default: 200 },
  { name: 'height', kind: 'number', default: 56 },
  { name: 'textColor', kind: 'color', default: '#000000' },
  { name: 'textSize', kind: 'select', options: TEXT_SIZES, default: 'md' },
  { name: 'fillImage', kind: 'image' },
  { name: 'disabled', kind: 'boolean', default: false },
  { name: 'className', kind: 'text' },
  { name: 'cbLabel', kind: 'text' },
  { name: 'style', kind: 'style' },
];

const GRID_FIELDS: readonly EditableField[] = [
  { name: 'columns', kind: 'number', default: 3 },
  { name: 'gap', kind: 'number', default: 12 },
  { name: 'align', kind: 'select', options: ['start', 'center', 'end', 'stretch'], default: 'center' },
  {
    name: 'justify',
    kind: 'select',
    options: ['start', 'center', 'end', 'space-between', 'space-around'],
    default: 'center',
  },
  { name: 'direction', kind: 'select', options: ['row', 'column'], default: 'row' },
  { name: 'wrap', kind: 'boolean', default: true },
  { name: 'padding', kind: 'number', default: 0 },
  { name: 'radius', kind: 'number', default: 0 },
  { name: 'backgroundColor', kind: 'color', default: 'transparent' },
  { name: 'childWidth', kind: 'number', default: 0 },
  { name: 'childHeight', kind: 'number', default: 0 },
  { name: 'className', kind: 'text' },
  { name: 'label', kind: 'text' },
  { name: 'style', kind: 'style' },
];

/** The screen background's colour, the one prop a BackgroundCB has; the spec lists no editable props. */
export const SCREEN_BACKGROUND_COLOR = DEFAULT_GAME_THEME.secondaryColor;

const defaultsOf = (fields: readonly EditableField[]): LayoutProps =>
  Object.fromEntries(
    fields.flatMap((field) => (field.default === undefined ? [] : [[field.name, field.default as LayoutPropValue]])),
  );

const definition = (type: LayoutNodeType, fields: readonly EditableField[], extra: LayoutProps = {}) => ({
  type,
  fields,
  defaultProps: { ...defaultsOf(fields), ...extra },
});

/** Root and BackgroundCB have no editable fields: the panel says "Selected component is not editable." */
export const COMPONENT_DEFINITIONS: Readonly<Record<LayoutNodeType, ComponentDefinition>> = {
  Root: definition('Root', []),
  BackgroundCB: definition('BackgroundCB', [], { backgroundColor: SCREEN_BACKGROUND_COLOR }),
  TextCB: definition('TextCB', TEXT_FIELDS),
  ImageCB: definition('ImageCB', IMAGE_FIELDS),
  ButtonCB: definition('ButtonCB', BUTTON_FIELDS),
  GridCB: definition('GridCB', GRID_FIELDS),
};

/** The fields of a node the properties panel shows: those whose showIf holds for its props. */
export function visibleFields(type: LayoutNodeType, props: LayoutProps): EditableField[] {
  return COMPONENT_DEFINITIONS[type].fields.filter((field) => !field.showIf || field.showIf(props));
}

/** A prop's value, or its field's default when the node does not set it. */
export function propOrDefault(type: LayoutNodeType, props: LayoutProps, name: string): LayoutPropValue | undefined {
  return props[name] ?? COMPONENT_DEFINITIONS[type].defaultProps[name];
}
