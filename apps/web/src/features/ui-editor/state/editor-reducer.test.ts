import type { LayoutNode } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { editorReducer } from './editor-reducer';
import { findNode } from './find-node';
import { HISTORY_LIMIT } from './history-limit';
import { initialEditorState } from './initial-editor-state';
import { idsOf, largeLayout, testState } from './test-layout';
import type { EditorAction, EditorState } from './types';

const run = (state: EditorState, actions: EditorAction[]) => actions.reduce(editorReducer, state);
const setValue = (value: string): EditorAction => ({ type: 'setProp', id: 'title', name: 'value', value });

describe('editorReducer', () => {
  it('undoes several edits back to the start and redoes them all', () => {
    const start = testState();
    const edits: EditorAction[] = [
      setValue('one'),
      { type: 'addNode', parentId: 'root', nodeType: 'ButtonCB' },
      { type: 'moveNode', id: 'footer', parentId: 'grid', index: 0 },
      { type: 'removeNode', id: 'button' },
    ];
    const documents: LayoutNode[] = [start.document];
    let state = start;
    for (const edit of edits) {
      state = editorReducer(state, edit);
      documents.push(state.document);
    }
    expect(state.past).toEqual(documents.slice(0, -1));
    for (let i = edits.length - 1; i >= 0; i--) {
      state = editorReducer(state, { type: 'undo' });
      expect(state.document).toBe(documents[i]);
    }
    expect(editorReducer(state, { type: 'undo' })).toBe(state);
    for (let i = 1; i <= edits.length; i++) {
      state = editorReducer(state, { type: 'redo' });
      expect(state.document).toBe(documents[i]);
    }
    expect(editorReducer(state, { type: 'redo' })).toBe(state);
  });

  it('clears redo when a new edit follows an undo', () => {
    const state = run(testState(), [setValue('one'), setValue('two'), { type: 'undo' }]);
    expect(state.future).toHaveLength(1);
    const edited = editorReducer(state, setValue('three'));
    expect(edited.future).toEqual([]);
    expect(editorReducer(edited, { type: 'redo' })).toBe(edited);
    expect(findNode(edited.document, 'title')?.props.value).toBe('three');
  });

  it(`keeps at most ${HISTORY_LIMIT} documents of history, dropping the oldest`, () => {
    let state = testState();
    const documents = [state.document];
    for (let i = 0; i < HISTORY_LIMIT + 25; i++) {
      state = editorReducer(state, setValue(`v${i}`));
      documents.push(state.document);
    }
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    expect(state.past[0]).toBe(documents[documents.length - 1 - HISTORY_LIMIT]);
    for (let i = 0; i < HISTORY_LIMIT; i++) state = editorReducer(state, { type: 'undo' });
    expect(findNode(state.document, 'title')?.props.value).toBe('v24');
  });

  it('adds no history for refused actions or a prop set to its value', () => {
    const state = testState();
    for (const action of [
      { type: 'removeNode', id: 'root' },
      { type: 'moveNode', id: 'grid', parentId: 'title', index: 0 },
      { type: 'setProp', id: 'title', name: 'value', value: 'Hello' },
      { type: 'setLabel', id: 'title', label: 'Title' },
      { type: 'duplicateNode', id: 'root' },
      { type: 'addNode', parentId: 'missing', nodeType: 'TextCB' },
    ] satisfies EditorAction[]) {
      expect(editorReducer(state, action), action.type).toBe(state);
    }
  });

  it('clears the selection when its node disappears and keeps it otherwise', () => {
    let state = run(testState(), [{ type: 'select', id: 'picture' }, setValue('x')]);
    expect(state.selectedId).toBe('picture');
    state = editorReducer(state, { type: 'removeNode', id: 'grid' });
    expect(state.selectedId).toBeNull();
    state = run(state, [{ type: 'undo' }, { type: 'select', id: 'picture' }, { type: 'redo' }]);
    expect(state.selectedId).toBeNull();
  });

  it('gives a duplicate of a duplicate ids unique across the document', () => {
    const state = run(testState(), [
      { type: 'duplicateNode', id: 'grid' },
      { type: 'addNode', parentId: 'grid', nodeType: 'TextCB' },
      { type: 'duplicateNode', id: 'grid' },
    ]);
    const copy = state.selectedId!;
    const again = editorReducer(state, { type: 'duplicateNode', id: copy });
    const ids = idsOf(again.document);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('edits a 500-node layout by copying only the path to the edited node', () => {
    const layout = largeLayout(500);
    expect(idsOf(layout)).toHaveLength(500);
    let state = initialEditorState(layout, 1);
    const before = state.document;
    for (let i = 0; i < 200; i++) {
      state = editorReducer(state, { type: 'setProp', id: 'g44-t9', name: 'value', value: `v${i}` });
    }
    expect(state.document.children![0]).toBe(before.children![0]);
    expect(state.document.children![44]).not.toBe(before.children![44]);
    expect(state.document.children![44]!.children![0]).toBe(before.children![44]!.children![0]);
    // Its speed is the editor bench's to measure (bench/editor.mjs), never a timed assertion here.
  });
});
