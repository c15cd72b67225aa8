import { describe, expect, it } from 'vitest';
import { findNode } from '../find-node';
import { testState } from '../test-layout';
import { setLabel } from './set-label';
import { setProp } from './set-prop';

describe('setLabel', () => {
  it('renames a node and records the change in the history', () => {
    const state = testState();
    const next = setLabel(state, { type: 'setLabel', id: 'title', label: 'Heading' });
    expect(findNode(next.document, 'title')?.label).toBe('Heading');
    expect(next.past).toEqual([state.document]);
    expect(next.dirty).toBe(true);
  });

  it('removes the label when it is emptied', () => {
    const next = setLabel(testState(), { type: 'setLabel', id: 'title', label: '' });
    expect(findNode(next.document, 'title')).not.toHaveProperty('label');
  });

  it('returns the same state for the same label, an unknown node or a label that is too long', () => {
    const state = testState();
    expect(setLabel(state, { type: 'setLabel', id: 'title', label: 'Title' })).toBe(state);
    expect(setLabel(state, { type: 'setLabel', id: 'footer', label: '' })).toBe(state);
    expect(setLabel(state, { type: 'setLabel', id: 'missing', label: 'x' })).toBe(state);
    expect(setLabel(state, { type: 'setLabel', id: 'title', label: 'x'.repeat(201) })).toBe(state);
  });

  it('refuses a node whose label editing is locked', () => {
    const state = setProp(testState(), { type: 'setProp', id: 'title', name: 'lockLabelEdit', value: true });
    expect(setLabel(state, { type: 'setLabel', id: 'title', label: 'Heading' })).toBe(state);
  });

  it('refuses to rename the last Popup Frame, but lets another node take the name', () => {
    const framed = setLabel(testState(), { type: 'setLabel', id: 'grid', label: 'Popup Frame' });
    expect(findNode(framed.document, 'grid')?.label).toBe('Popup Frame');
    expect(setLabel(framed, { type: 'setLabel', id: 'grid', label: 'Frame' })).toBe(framed);
    const two = setLabel(framed, { type: 'setLabel', id: 'footer', label: 'Popup Frame' });
    expect(findNode(setLabel(two, { type: 'setLabel', id: 'grid', label: 'Frame' }).document, 'grid')?.label).toBe(
      'Frame',
    );
  });
});
