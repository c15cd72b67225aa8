import { describe, expect, it } from 'vitest';
import { findNode } from '../find-node';
import { testState } from '../test-layout';
import { addNode } from './add-node';
import { setProp } from './set-prop';
import { undo } from './undo';

describe('undo', () => {
  it('goes back one document and puts the current one on the redo stack', () => {
    const start = testState();
    const edited = setProp(start, { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    const undone = undo(edited, { type: 'undo' });
    expect(undone.document).toBe(start.document);
    expect(undone.past).toEqual([]);
    expect(undone.future).toEqual([edited.document]);
  });

  it('is clean back at the saved document and dirty anywhere else', () => {
    const edited = setProp(testState(), { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    const twice = setProp(edited, { type: 'setProp', id: 'title', name: 'value', value: 'Hi there' });
    expect(twice.dirty).toBe(true);
    const once = undo(twice, { type: 'undo' });
    expect(once.dirty).toBe(true);
    expect(undo(once, { type: 'undo' }).dirty).toBe(false);
  });

  it('leaves a generated layout, never saved, dirty at the start of its history', () => {
    const start = testState({ savedDocument: null, dirty: true });
    const edited = setProp(start, { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    expect(undo(edited, { type: 'undo' }).dirty).toBe(true);
  });

  it('clears the selection of a node that the undone edit added', () => {
    const added = addNode(testState(), { type: 'addNode', parentId: 'root', nodeType: 'TextCB' });
    expect(added.selectedId).not.toBeNull();
    const undone = undo({ ...added, hoveredId: added.selectedId }, { type: 'undo' });
    expect(undone.selectedId).toBeNull();
    expect(undone.hoveredId).toBeNull();
    expect(findNode(undone.document, added.selectedId!)).toBeNull();
  });

  it('returns the same state with nothing to undo', () => {
    const state = testState();
    expect(undo(state, { type: 'undo' })).toBe(state);
  });
});
