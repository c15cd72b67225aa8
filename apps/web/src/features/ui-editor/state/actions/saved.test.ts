import { describe, expect, it } from 'vitest';
import { testState } from '../test-layout';
import { saved } from './saved';
import { setProp } from './set-prop';
import { undo } from './undo';

describe('saved', () => {
  it('makes the editor clean at the new version and keeps the history', () => {
    const edited = setProp(testState(), { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    const next = saved(edited, { type: 'saved', version: 4, document: edited.document });
    expect(next).toMatchObject({ dirty: false, baseVersion: 4, document: edited.document, past: edited.past });
    expect(undo(next, { type: 'undo' }).document).toBe(edited.past[0]);
  });

  it('stays dirty, at the new version, when the document was edited while the save was in flight', () => {
    const sent = setProp(testState(), { type: 'setProp', id: 'title', name: 'value', value: 'Sent' });
    const later = setProp(sent, { type: 'setProp', id: 'title', name: 'value', value: 'Typed during the save' });
    const next = saved(later, { type: 'saved', version: 5, document: sent.document });
    expect(next).toMatchObject({ dirty: true, baseVersion: 5, document: later.document });
  });

  it('records that the server now holds a layout, also after saving the untouched generated default', () => {
    const state = testState({ layoutStored: false });
    const next = saved(state, { type: 'saved', version: 1, document: state.document });
    expect(next).toMatchObject({ dirty: false, layoutStored: true, baseVersion: 1 });
  });

  it('returns the same state when already clean at that version', () => {
    const state = testState();
    expect(saved(state, { type: 'saved', version: state.baseVersion, document: state.document })).toBe(state);
  });
});
