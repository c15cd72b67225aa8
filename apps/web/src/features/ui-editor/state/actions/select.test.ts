import { describe, expect, it } from 'vitest';
import { testState } from '../test-layout';
import { select } from './select';

describe('select', () => {
  it('selects a node of the document', () => {
    expect(select(testState(), { type: 'select', id: 'title' }).selectedId).toBe('title');
  });

  it('deselects when the selected node is clicked again, or on Clear (null)', () => {
    const state = testState({ selectedId: 'title' });
    expect(select(state, { type: 'select', id: 'title' }).selectedId).toBeNull();
    expect(select(state, { type: 'select', id: null }).selectedId).toBeNull();
  });

  it('moves the selection from one node to another', () => {
    expect(select(testState({ selectedId: 'title' }), { type: 'select', id: 'footer' }).selectedId).toBe('footer');
  });

  it('changes nothing for an id that is not in the document, or clearing with nothing selected', () => {
    const state = testState({ selectedId: 'title' });
    expect(select(state, { type: 'select', id: 'missing' })).toBe(state);
    const none = testState();
    expect(select(none, { type: 'select', id: null })).toBe(none);
  });

  it('never touches the document or its history', () => {
    const state = testState();
    const next = select(state, { type: 'select', id: 'grid' });
    expect(next.document).toBe(state.document);
    expect(next.past).toBe(state.past);
    expect(next.dirty).toBe(false);
  });
});
