import { describe, expect, it } from 'vitest';
import { findNode } from '../find-node';
import { testState } from '../test-layout';
import { setProp } from './set-prop';

describe('setProp', () => {
  it('sets a prop, pushes the old document onto the history, clears redo and makes the editor dirty', () => {
    const state = testState({ future: [testState().document] });
    const next = setProp(state, { type: 'setProp', id: 'title', name: 'color', value: '#000000' });
    expect(findNode(next.document, 'title')?.props.color).toBe('#000000');
    expect(next.past).toEqual([state.document]);
    expect(next.future).toEqual([]);
    expect(next.dirty).toBe(true);
    expect(findNode(state.document, 'title')?.props.color).toBe('#FFFFFF');
  });

  it('copies only the path to the changed node', () => {
    const state = testState();
    const next = setProp(state, { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    const [grid, footer, button] = next.document.children!;
    expect(footer).toBe(state.document.children![1]);
    expect(button).toBe(state.document.children![2]);
    expect(grid).not.toBe(state.document.children![0]);
    expect(grid!.children![1]).toBe(state.document.children![0]!.children![1]);
  });

  it('removes the prop when the value is undefined', () => {
    const next = setProp(testState(), { type: 'setProp', id: 'title', name: 'color', value: undefined });
    expect(findNode(next.document, 'title')?.props).not.toHaveProperty('color');
  });

  it('returns the same state for the value the prop already has, a missing prop removed, or an unknown node', () => {
    const state = testState();
    expect(setProp(state, { type: 'setProp', id: 'title', name: 'color', value: '#FFFFFF' })).toBe(state);
    expect(
      setProp(state, {
        type: 'setProp',
        id: 'picture',
        name: 'slice',
        value: { top: 1, right: 2, bottom: 3, left: 4 },
      }),
    ).toBe(state);
    expect(setProp(state, { type: 'setProp', id: 'title', name: 'shadow', value: undefined })).toBe(state);
    expect(setProp(state, { type: 'setProp', id: 'missing', name: 'color', value: 'red' })).toBe(state);
  });

  it('sets an object prop such as a slice when one side changes', () => {
    const slice = { top: 1, right: 2, bottom: 3, left: 9 };
    const next = setProp(testState(), { type: 'setProp', id: 'picture', name: 'slice', value: slice });
    expect(findNode(next.document, 'picture')?.props.slice).toEqual(slice);
  });

  it('refuses a prop name the layout schema would refuse', () => {
    const state = testState();
    expect(setProp(state, { type: 'setProp', id: 'title', name: '__proto__', value: 'x' })).toBe(state);
    expect(setProp(state, { type: 'setProp', id: 'title', name: '', value: 'x' })).toBe(state);
  });

  it('refuses nodes the properties panel does not offer, but edits a locked image', () => {
    let state = testState();
    state = setProp(state, { type: 'setProp', id: 'footer', name: 'lockEditing', value: true });
    state = setProp(state, { type: 'setProp', id: 'picture', name: 'lockEditing', value: true });
    expect(setProp(state, { type: 'setProp', id: 'footer', name: 'value', value: 'x' })).toBe(state);
    const image = setProp(state, { type: 'setProp', id: 'picture', name: 'src', value: '/testAssets/a.png' });
    expect(findNode(image.document, 'picture')?.props.src).toBe('/testAssets/a.png');
  });

  it('refuses to change the label prop that makes a node the last Rewards Grid', () => {
    let state = testState();
    state = setProp(state, { type: 'setProp', id: 'footer', name: 'label', value: 'Rewards Grid' });
    expect(findNode(state.document, 'footer')?.props.label).toBe('Rewards Grid');
    expect(setProp(state, { type: 'setProp', id: 'footer', name: 'label', value: 'Other' })).toBe(state);
  });
});
