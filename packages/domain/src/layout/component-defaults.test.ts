import { describe, expect, it } from 'vitest';
import { COMPONENT_DEFINITIONS, propOrDefault, TEXT_SIZES, visibleFields } from './component-defaults';
import { LayoutNodeSchema } from './layout-schema';

const names = (fields: { name: string }[]) => fields.map((field) => field.name);

describe('component definitions', () => {
  it('gives each component the defaults of the spec', () => {
    expect(COMPONENT_DEFINITIONS.TextCB.defaultProps).toEqual({
      value: 'New Text',
      color: '#FFFFFF',
      size: 'md',
      weight: 'normal',
      align: 'center',
      shadow: false,
    });
    expect(COMPONENT_DEFINITIONS.ButtonCB.defaultProps).toMatchObject({
      label: 'Button',
      color: '#82F6FF',
      radius: 12,
      width: 200,
      height: 56,
      textColor: '#000000',
      textSize: 'md',
      disabled: false,
    });
    expect(COMPONENT_DEFINITIONS.GridCB.defaultProps).toMatchObject({
      columns: 3,
      gap: 12,
      align: 'center',
      justify: 'center',
      direction: 'row',
      wrap: true,
      backgroundColor: 'transparent',
    });
    expect(COMPONENT_DEFINITIONS.ImageCB.defaultProps).toMatchObject({
      type: 'source',
      fillColor: '#374151',
      width: 48,
      height: 48,
      animation: 'none',
      ninePatch: false,
      slice: { top: 0, right: 0, bottom: 0, left: 0 },
    });
  });

  it('reads text sizes as xs to xl, the same scale as a button', () => {
    const size = COMPONENT_DEFINITIONS.TextCB.fields.find((field) => field.name === 'size');
    const textSize = COMPONENT_DEFINITIONS.ButtonCB.fields.find((field) => field.name === 'textSize');
    expect(size).toMatchObject({ kind: 'select', options: ['xs', 'sm', 'md', 'lg', 'xl'], default: 'md' });
    expect(textSize).toMatchObject({ options: TEXT_SIZES });
  });

  it('shows src unless the image is a fill, fillColor only for a fill, and slice only with nine-patch', () => {
    expect(names(visibleFields('ImageCB', { type: 'source' }))).toContain('src');
    expect(names(visibleFields('ImageCB', { type: 'source' }))).not.toContain('fillColor');
    expect(names(visibleFields('ImageCB', { type: 'fill' }))).toContain('fillColor');
    expect(names(visibleFields('ImageCB', { type: 'fill' }))).not.toContain('src');
    expect(names(visibleFields('ImageCB', {}))).not.toContain('slice');
    expect(names(visibleFields('ImageCB', { ninePatch: true }))).toContain('slice');
  });

  it('has no editable fields for Root and BackgroundCB', () => {
    expect(visibleFields('Root', {})).toEqual([]);
    expect(visibleFields('BackgroundCB', {})).toEqual([]);
  });

  it('makes every component’s default props a valid layout node', () => {
    for (const definition of Object.values(COMPONENT_DEFINITIONS)) {
      const parsed = LayoutNodeSchema.safeParse({ id: 'n', type: definition.type, props: definition.defaultProps });
      expect(parsed.success).toBe(true);
    }
  });

  it('falls back to a field’s default for a prop the node does not set', () => {
    expect(propOrDefault('TextCB', {}, 'size')).toBe('md');
    expect(propOrDefault('TextCB', { size: 'xl' }, 'size')).toBe('xl');
    expect(propOrDefault('TextCB', {}, 'className')).toBeUndefined();
  });
});
