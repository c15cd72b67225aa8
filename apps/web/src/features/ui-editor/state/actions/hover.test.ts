import { describe, expect, it } from 'vitest';
import { testState } from '../test-layout';
import { hover } from './hover';

describe('hover', () => {
  it('records the node under the pointer and clears it with null', () => {
    const hovered = hover(testState(), { type: 'hover', id: 'footer' });
    expect(hovered.hoveredId).toBe('footer');
    expect(hover(hovered, { type: 'hover', id: null }).hoveredId).toBeNull();
  });

  it('treats an id that is not in the document as no node', () => {
    expect(hover(testState({ hoveredId: 'footer' }), { type: 'hover', id: 'missing' }).hoveredId).toBeNull();
  });

  it('returns the same state when the hovered node does not change', () => {
    const state = testState({ hoveredId: 'footer' });
    expect(hover(state, { type: 'hover', id: 'footer' })).toBe(state);
  });
});
