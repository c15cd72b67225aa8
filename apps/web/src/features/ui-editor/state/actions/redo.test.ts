import { describe, expect, it } from 'vitest';
import { testState } from '../test-layout';
import { redo } from './redo';
import { removeNode } from './remove-node';
import { setProp } from './set-prop';
import { undo } from './undo';

describe('redo', () => {
  it('goes forward to the undone document and puts the current one back on the history', () => {
    const start = testState();
    const edited = setProp(start, { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    const redone = redo(undo(edited, { type: 'undo' }), { type: 'redo' });
    expect(redone.document).toBe(edited.document);
    expect(redone.past).toEqual([start.document]);
    expect(redone.future).toEqual([]);
    expect(redone.dirty).toBe(true);
  });

  it('is clean when it comes back to the saved document', () => {
    const edited = setProp(testState(), { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    const savedHere = { ...edited, savedDocument: edited.document, dirty: false };
    const undone = undo(savedHere, { type: 'undo' });
    expect(undone.dirty).toBe(true);
    expect(redo(undone, { type: 'redo' }).dirty).toBe(false);
  });

  it('clears the selection of a node that the redone edit removes', () => {
    const removed = removeNode(testState(), { type: 'removeNode', id: 'footer' });
    const undone = { ...undo(removed, { type: 'undo' }), selectedId: 'footer' };
    expect(redo(undone, { type: 'redo' }).selectedId).toBeNull();
  });

  it('returns the same state with nothing to redo', () => {
    const state = testState();
    expect(redo(state, { type: 'redo' })).toBe(state);
  });
});
