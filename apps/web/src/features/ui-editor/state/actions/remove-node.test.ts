import { defaultDailyRewardsLayout, findNodeByLabel } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { findNode } from '../find-node';
import { initialEditorState } from '../initial-editor-state';
import { testState } from '../test-layout';
import { duplicateNode } from './duplicate-node';
import { removeNode } from './remove-node';

describe('removeNode', () => {
  it('removes a node with everything inside it and records the change', () => {
    const state = testState();
    const next = removeNode(state, { type: 'removeNode', id: 'grid' });
    expect(findNode(next.document, 'grid')).toBeNull();
    expect(findNode(next.document, 'title')).toBeNull();
    expect(next.document.children!.map((child) => child.id)).toEqual(['footer', 'button']);
    expect(next.past).toEqual([state.document]);
    expect(next.dirty).toBe(true);
  });

  it('clears a selection or hover inside the removed subtree and keeps one outside it', () => {
    const inside = removeNode(testState({ selectedId: 'title', hoveredId: 'picture' }), {
      type: 'removeNode',
      id: 'grid',
    });
    expect(inside).toMatchObject({ selectedId: null, hoveredId: null });
    const outside = removeNode(testState({ selectedId: 'footer' }), { type: 'removeNode', id: 'grid' });
    expect(outside.selectedId).toBe('footer');
  });

  it('refuses the root and an unknown id', () => {
    const state = testState();
    expect(removeNode(state, { type: 'removeNode', id: 'root' })).toBe(state);
    expect(removeNode(state, { type: 'removeNode', id: 'missing' })).toBe(state);
  });

  it('refuses the Popup Frame, the Rewards Grid and any node holding one of them', () => {
    const state = initialEditorState(defaultDailyRewardsLayout(), 1);
    const frame = findNodeByLabel(state.document, 'Popup Frame')!;
    const grid = findNodeByLabel(state.document, 'Rewards Grid')!;
    const body = findNodeByLabel(state.document, 'Rewards Body')!;
    for (const id of [frame.id, grid.id, body.id]) expect(removeNode(state, { type: 'removeNode', id })).toBe(state);
    const footer = findNodeByLabel(state.document, 'Footer')!;
    expect(removeNode(state, { type: 'removeNode', id: footer.id })).not.toBe(state);
  });

  it('removes a duplicated Rewards Grid while the original remains', () => {
    const state = initialEditorState(defaultDailyRewardsLayout(), 1);
    const grid = findNodeByLabel(state.document, 'Rewards Grid')!;
    const twice = duplicateNode(state, { type: 'duplicateNode', id: grid.id });
    const once = removeNode(twice, { type: 'removeNode', id: twice.selectedId! });
    expect(once).not.toBe(twice);
    expect(removeNode(once, { type: 'removeNode', id: grid.id })).toBe(once);
  });
});
