import { LAYOUT_LIMITS, type LayoutNode } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { findNode } from '../find-node';
import { initialEditorState } from '../initial-editor-state';
import { testState } from '../test-layout';
import { moveNode } from './move-node';

const childIds = (node: LayoutNode | null) => node?.children?.map((child) => child.id);

describe('moveNode', () => {
  it('reorders within a parent, the index counted after the node leaves its place', () => {
    const state = testState();
    const last = moveNode(state, { type: 'moveNode', id: 'grid', parentId: 'root', index: 2 });
    expect(childIds(last.document)).toEqual(['footer', 'button', 'grid']);
    const first = moveNode(state, { type: 'moveNode', id: 'button', parentId: 'root', index: 0 });
    expect(childIds(first.document)).toEqual(['button', 'grid', 'footer']);
    expect(first.past).toEqual([state.document]);
    expect(first.dirty).toBe(true);
  });

  it('moves a node with its children into another parent, keeping the selection', () => {
    const state = testState({ selectedId: 'title' });
    const next = moveNode(state, { type: 'moveNode', id: 'grid', parentId: 'footer', index: 0 });
    expect(childIds(next.document)).toEqual(['footer', 'button']);
    expect(childIds(findNode(next.document, 'footer'))).toEqual(['grid']);
    expect(childIds(findNode(next.document, 'grid'))).toEqual(['title', 'picture']);
    expect(next.selectedId).toBe('title');
  });

  it('moves a node out to an ancestor', () => {
    const next = moveNode(testState(), { type: 'moveNode', id: 'picture', parentId: 'root', index: 1 });
    expect(childIds(next.document)).toEqual(['grid', 'picture', 'footer', 'button']);
    expect(childIds(findNode(next.document, 'grid'))).toEqual(['title']);
  });

  it('returns the same state when the node stays where it is (the index clamped)', () => {
    const state = testState();
    expect(moveNode(state, { type: 'moveNode', id: 'footer', parentId: 'root', index: 1 })).toBe(state);
    expect(moveNode(state, { type: 'moveNode', id: 'button', parentId: 'root', index: 10 })).toBe(state);
  });

  it('refuses to move a node into itself or a descendant, to move the root, or unknown ids', () => {
    const state = testState();
    expect(moveNode(state, { type: 'moveNode', id: 'grid', parentId: 'grid', index: 0 })).toBe(state);
    expect(moveNode(state, { type: 'moveNode', id: 'grid', parentId: 'title', index: 0 })).toBe(state);
    expect(moveNode(state, { type: 'moveNode', id: 'root', parentId: 'footer', index: 0 })).toBe(state);
    expect(moveNode(state, { type: 'moveNode', id: 'missing', parentId: 'root', index: 0 })).toBe(state);
    expect(moveNode(state, { type: 'moveNode', id: 'grid', parentId: 'missing', index: 0 })).toBe(state);
  });

  it('refuses a move that nests the layout deeper than the limit', () => {
    let chain: LayoutNode = { id: `c${LAYOUT_LIMITS.maxDepth - 1}`, type: 'GridCB', props: {} };
    for (let level = LAYOUT_LIMITS.maxDepth - 2; level >= 2; level--) {
      chain = { id: `c${level}`, type: 'GridCB', props: {}, children: [chain] };
    }
    const pair: LayoutNode = {
      id: 'pair',
      type: 'GridCB',
      props: {},
      children: [{ id: 'inner', type: 'TextCB', props: {} }],
    };
    const state = initialEditorState({ id: 'c1', type: 'Root', props: {}, children: [chain, pair] }, 1);
    // c(max-1) sits at depth max-1: a two-level subtree under it would reach max+1.
    const deepest = `c${LAYOUT_LIMITS.maxDepth - 1}`;
    expect(moveNode(state, { type: 'moveNode', id: 'pair', parentId: deepest, index: 0 })).toBe(state);
    expect(moveNode(state, { type: 'moveNode', id: 'inner', parentId: deepest, index: 0 })).not.toBe(state);
  });
});
