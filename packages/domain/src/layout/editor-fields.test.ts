import { describe, expect, it } from 'vitest';
import { COMPONENT_DEFINITIONS } from './component-defaults';
import {
  canEditLabel,
  editableFields,
  editorNodeVisible,
  isColor,
  parseNumberInput,
  parseSliceInput,
  styleEntryProblem,
} from './editor-fields';
import { LAYOUT_MESSAGES, type LayoutNode } from './layout';

const node = (type: LayoutNode['type'], props: LayoutNode['props'] = {}): LayoutNode => ({ id: 'n', type, props });
const names = (fields: readonly { name: string }[]) => fields.map((field) => field.name);

describe('parseNumberInput', () => {
  it('clears the prop when the input is empty or only spaces', () => {
    expect(parseNumberInput('', 12)).toBeUndefined();
    expect(parseNumberInput('   ', undefined)).toBeUndefined();
  });

  it('reads plain decimals, trimmed, signed and with an exponent', () => {
    expect(parseNumberInput('  12.5 ', 3)).toBe(12.5);
    expect(parseNumberInput('-1', 3)).toBe(-1);
    expect(parseNumberInput('+4', 3)).toBe(4);
    expect(parseNumberInput('.5', 3)).toBe(0.5);
    expect(parseNumberInput('7.', 3)).toBe(7);
    expect(parseNumberInput('1e3', 3)).toBe(1000);
    expect(Object.is(parseNumberInput('-0', 3), 0)).toBe(true);
  });

  it('keeps the old value for anything that is not a finite decimal', () => {
    for (const input of ['abc', '1e309', '-1e309', '0x10', '1,5', 'Infinity', 'NaN', '12px', '1 2', '--1', '.', 'e5']) {
      expect(parseNumberInput(input, 3), input).toBe('keep');
    }
  });

  it('keeps the prop when the number is the one it already has', () => {
    expect(parseNumberInput('48', 48)).toBe('keep');
    expect(parseNumberInput('48.0', 48)).toBe('keep');
    expect(parseNumberInput('48', undefined)).toBe(48);
  });

  it('has no field with a min or max that it would need to honour', () => {
    for (const definition of Object.values(COMPONENT_DEFINITIONS)) {
      for (const field of definition.fields) {
        expect(field).not.toHaveProperty('min');
        expect(field).not.toHaveProperty('max');
      }
    }
  });
});

describe('parseSliceInput', () => {
  it('turns an empty input into 0', () => {
    expect(parseSliceInput('', 9)).toBe(0);
    expect(parseSliceInput('  ', 9)).toBe(0);
  });

  it('reads a decimal and keeps the prior value for anything else', () => {
    expect(parseSliceInput(' 16 ', 9)).toBe(16);
    expect(parseSliceInput('2.5', 9)).toBe(2.5);
    expect(parseSliceInput('abc', 9)).toBe(9);
    expect(parseSliceInput('1e309', 9)).toBe(9);
    expect(parseSliceInput('0x10', 9)).toBe(9);
  });
});

describe('editor field visibility', () => {
  it('shows only the fields whose showIf holds', () => {
    expect(names(editableFields(node('ImageCB', { type: 'fill' })))).toContain('fillColor');
    expect(names(editableFields(node('ImageCB', { type: 'fill' })))).not.toContain('src');
    expect(names(editableFields(node('ImageCB', { ninePatch: true })))).toContain('slice');
    expect(names(editableFields(node('ImageCB')))).not.toContain('slice');
    expect(names(editableFields(node('TextCB')))).toEqual(names(COMPONENT_DEFINITIONS.TextCB.fields));
  });

  it('omits nodes with editorHidden, even images', () => {
    expect(editorNodeVisible(node('TextCB', { editorHidden: true }))).toBe(false);
    expect(editorNodeVisible(node('ImageCB', { editorHidden: true }))).toBe(false);
    expect(editableFields(node('TextCB', { editorHidden: true }))).toEqual([]);
  });

  it('omits nodes with lockEditing unless they are images', () => {
    expect(editorNodeVisible(node('ButtonCB', { lockEditing: true }))).toBe(false);
    expect(editorNodeVisible(node('GridCB', { lockEditing: 'true' }))).toBe(false);
    expect(editorNodeVisible(node('ImageCB', { lockEditing: true }))).toBe(true);
    expect(names(editableFields(node('ImageCB', { lockEditing: true })))).toContain('src');
    expect(editorNodeVisible(node('TextCB', { lockEditing: false }))).toBe(true);
  });

  it('lets a label be edited unless lockLabelEdit is set', () => {
    expect(canEditLabel(node('TextCB'))).toBe(true);
    expect(canEditLabel(node('TextCB', { lockLabelEdit: false }))).toBe(true);
    expect(canEditLabel(node('TextCB', { lockLabelEdit: true }))).toBe(false);
  });
});

describe('isColor', () => {
  it('accepts hex, rgb(), rgba(), hsl(), transparent and named colours', () => {
    for (const value of [
      '#fff',
      '#FFFF',
      '#021031',
      '#02103180',
      'rgb(0, 128, 255)',
      'rgba(0,128,255,0.5)',
      'rgb(0 128 255 / 50%)',
      'hsl(210, 50%, 40%)',
      'hsla(210deg, 50%, 40%, .3)',
      'transparent',
      'Red',
      'rebeccapurple',
      ' white ',
    ]) {
      expect(isColor(value), value).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      '#ff',
      '#fffff',
      '#ggg',
      'fff',
      'rgb(a, b, c)',
      'rgb(0, 0)',
      'rgb(0,0,0',
      'hsl(1, 2%, 3%); background: red',
      'var(--accent)',
      'url(x.png)',
      'currentColor',
      'reddish',
      'red blue',
    ]) {
      expect(isColor(value), value).toBe(false);
    }
  });
});

describe('styleEntryProblem', () => {
  it('takes a common CSS property with a plain value, as a save would', () => {
    expect(styleEntryProblem('opacity', '0.5')).toBeNull();
    expect(styleEntryProblem('borderRadius', ' 8px ')).toBeNull();
    expect(styleEntryProblem('position', 'relative')).toBeNull();
  });

  it('refuses what the layout check refuses: unknown properties, url(), fixed positions, control characters, empty', () => {
    for (const [name, value] of [
      ['behavior', 'x'],
      ['background', 'url(https://evil.example/x.png)'],
      ['position', 'fixed'],
      ['color', '   '],
      ['width', 'x'.repeat(201)],
    ] as const) {
      expect(styleEntryProblem(name, value), `${name}: ${value}`).toBe(LAYOUT_MESSAGES.styleInvalid);
    }
    expect(styleEntryProblem('color', 'red\u0000')).toBe(LAYOUT_MESSAGES.controlCharacters);
  });
});
