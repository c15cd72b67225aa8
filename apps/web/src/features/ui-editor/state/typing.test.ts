import { describe, expect, it } from 'vitest';
import { editorReducer } from './editor-reducer';
import { findNode } from './find-node';
import { HISTORY_LIMIT } from './history-limit';
import { testState } from './test-layout';
import type { EditorAction, EditorState } from './types';

const run = (state: EditorState, actions: EditorAction[]) => actions.reduce(editorReducer, state);
/** Each prefix of `text` typed into a prop of a node, as the field dispatches it keystroke by keystroke. */
const typed = (text: string, id = 'title', name = 'value'): EditorAction[] =>
  [...text].map((_, i) => ({ type: 'setProp', id, name, value: text.slice(0, i + 1), typing: true }));
const value = (state: EditorState, id = 'title', name = 'value') => findNode(state.document, id)?.props[name];

describe('typing into a field', () => {
  it('shows every keystroke in the document and undoes the whole burst in one step, back to clean', () => {
    const start = testState();
    const states: EditorState[] = [];
    let state = start;
    for (const action of typed('Welcome')) {
      state = editorReducer(state, action);
      states.push(state);
    }
    expect(states.map((s) => value(s))).toEqual(['W', 'We', 'Wel', 'Welc', 'Welco', 'Welcom', 'Welcome']);
    expect(state.past).toEqual([start.document]);
    expect(state.dirty).toBe(true);
    expect(state.typing).toEqual({ id: 'title', field: 'value' });

    const undone = editorReducer(state, { type: 'undo' });
    expect(undone.document).toBe(start.document);
    expect(undone).toMatchObject({ past: [], dirty: false, typing: null });
    const redone = editorReducer(undone, { type: 'redo' });
    expect(redone.document).toBe(state.document);
    expect(redone.dirty).toBe(true);
  });

  it('starts a new undo step after the field is left', () => {
    const start = testState();
    const first = run(start, [...typed('Hi'), { type: 'endTyping' }]);
    expect(first.typing).toBeNull();
    const second = run(first, typed('Hi!'));
    expect(second.past).toEqual([start.document, first.document]);
    expect(value(editorReducer(second, { type: 'undo' }))).toBe('Hi');
  });

  it('starts a new undo step for another prop, another node, or the label', () => {
    const start = testState();
    const otherProp = run(start, [...typed('Hi'), ...typed('#000', 'title', 'color')]);
    expect(otherProp.past).toHaveLength(2);
    const otherNode = run(start, [...typed('Hi'), ...typed('Bye!', 'footer')]);
    expect(otherNode.past).toHaveLength(2);
    expect(value(editorReducer(otherNode, { type: 'undo' }), 'footer')).toBe('Bye');
    const label = run(start, [
      ...typed('Hi'),
      { type: 'setLabel', id: 'title', label: 'T', typing: true },
      { type: 'setLabel', id: 'title', label: 'Ti', typing: true },
    ]);
    expect(label.past).toHaveLength(2);
    expect(findNode(label.document, 'title')?.label).toBe('Ti');
    expect(findNode(editorReducer(label, { type: 'undo' }).document, 'title')?.label).toBe('Title');
  });

  it('starts a new undo step when another action comes between keystrokes of the same field', () => {
    const between: EditorAction[] = [
      { type: 'setProp', id: 'footer', name: 'value', value: 'x' },
      { type: 'select', id: 'footer' },
      { type: 'undo' },
      { type: 'addNode', parentId: 'root', nodeType: 'TextCB' },
      // A value picked at once (a select, a switch) is its own step, even in the same prop.
      { type: 'setProp', id: 'title', name: 'value', value: 'picked' },
    ];
    for (const action of between) {
      const before = run(testState(), [...typed('Hi'), action]);
      const after = run(before, typed('Hi there'));
      expect(after.past.at(-1), action.type).toBe(before.document);
    }
  });

  it('keeps one burst across hovering the preview', () => {
    const start = testState();
    const state = run(start, [...typed('Hi'), { type: 'hover', id: 'footer' }, ...typed('Hi there')]);
    expect(state.past).toEqual([start.document]);
  });

  it('adds nothing for a keystroke that leaves the value as it is or that the reducer refuses', () => {
    const state = run(testState(), typed('Hi'));
    expect(editorReducer(state, typed('Hi').at(-1)!)).toBe(state);
    expect(editorReducer(state, { type: 'setProp', id: 'title', name: '__proto__', value: 'x', typing: true })).toBe(
      state,
    );
  });

  it('closes the burst on a save of the document typed so far, so undo goes back to what was saved', () => {
    const typing = run(testState(), typed('Hi'));
    const savedNow = editorReducer(typing, { type: 'saved', version: 4, document: typing.document });
    expect(savedNow).toMatchObject({ dirty: false, typing: null });
    const more = run(savedNow, typed('Hi!'));
    const undone = editorReducer(more, { type: 'undo' });
    expect(undone.document).toBe(typing.document);
    expect(undone.dirty).toBe(false);
  });

  it('keeps the burst open when the save that lands is of an earlier document', () => {
    const sent = run(testState(), [...typed('Sent'), { type: 'endTyping' }]);
    const typing = run(sent, typed('Sent and more'));
    const savedEarlier = editorReducer(typing, { type: 'saved', version: 4, document: sent.document });
    expect(savedEarlier).toMatchObject({ dirty: true, typing: { id: 'title', field: 'value' } });
    const undone = editorReducer(run(savedEarlier, typed('Sent and more!')), { type: 'undo' });
    expect(undone.document).toBe(sent.document);
    expect(undone.dirty).toBe(false);
  });

  it('is dirty after typing back the saved text: only the saved document itself is clean', () => {
    const state = run(testState(), [
      ...typed('Hello!'),
      { type: 'setProp', id: 'title', name: 'value', value: 'Hello', typing: true },
    ]);
    expect(value(state)).toBe('Hello');
    expect(state.dirty).toBe(true);
    expect(editorReducer(state, { type: 'undo' }).dirty).toBe(false);
  });

  it('counts a burst as one of the HISTORY_LIMIT steps', () => {
    let state = testState();
    for (let i = 0; i < HISTORY_LIMIT; i++) {
      state = run(state, [{ type: 'setProp', id: 'footer', name: 'value', value: `v${i}` }]);
    }
    const full = state.past.length;
    state = run(state, typed('a long burst of typing'));
    expect(full).toBe(HISTORY_LIMIT);
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    expect(value(editorReducer(state, { type: 'undo' }))).toBe('Hello');
  });
});
