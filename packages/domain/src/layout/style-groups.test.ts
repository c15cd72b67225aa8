import { describe, expect, it } from 'vitest';
import { plainStyleProperty, selectOptionLabel, STYLE_GROUPS } from './editor-fields';
import { SAFE_STYLE_PROPERTIES } from './layout-style';

describe('the editor’s style groups', () => {
  it('offers text, colour, spacing, size, border and shadow, in that order', () => {
    expect(STYLE_GROUPS.map((group) => group.label)).toEqual(['Text', 'Colour', 'Spacing', 'Size', 'Border', 'Shadow']);
  });

  it('names only properties the layout accepts, each once, with a plain name that is not its CSS name', () => {
    const names = STYLE_GROUPS.flatMap((group) => group.properties.map((property) => property.name));
    expect(new Set(names).size).toBe(names.length);
    for (const group of STYLE_GROUPS) {
      for (const property of group.properties) {
        expect(SAFE_STYLE_PROPERTIES.has(property.name), property.name).toBe(true);
        expect(property.label).not.toMatch(/[A-Z].*[A-Z]|^[a-z]+[A-Z]/);
      }
    }
  });

  it('finds a property’s group and plain name, and leaves raw CSS to Advanced', () => {
    expect(plainStyleProperty('fontSize')).toMatchObject({ group: { id: 'text' }, property: { label: 'Text size' } });
    expect(plainStyleProperty('borderRadius')?.property.label).toBe('Rounded corners');
    expect(plainStyleProperty('gridTemplateColumns')).toBeNull();
    expect(plainStyleProperty('position')).toBeNull();
  });
});

describe('the editor’s select options', () => {
  it('reads an image’s "source" and "fill" as what it shows, and other options in plain words', () => {
    expect(selectOptionLabel('type', 'source')).toBe('An image');
    expect(selectOptionLabel('type', 'fill')).toBe('A colour');
    expect(selectOptionLabel('size', 'md')).toBe('Medium');
    expect(selectOptionLabel('weight', 'semibold')).toBe('Semibold');
    expect(selectOptionLabel('align', 'center')).toBe('Centre');
  });
});
