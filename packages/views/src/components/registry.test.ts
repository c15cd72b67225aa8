import { COMPONENT_DEFINITIONS, LAYOUT_NODE_TYPES } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { COMPONENTS } from './registry';

describe('COMPONENTS', () => {
  it('has one component per layout type, with the domain’s own fields and defaults', () => {
    expect(Object.keys(COMPONENTS).sort()).toEqual([...LAYOUT_NODE_TYPES].sort());
    for (const type of LAYOUT_NODE_TYPES) {
      expect(COMPONENTS[type].type).toBe(type);
      expect(COMPONENTS[type].fields).toBe(COMPONENT_DEFINITIONS[type].fields);
      expect(COMPONENTS[type].defaultProps).toBe(COMPONENT_DEFINITIONS[type].defaultProps);
      expect(typeof COMPONENTS[type].render).toBe('function');
    }
  });
});
