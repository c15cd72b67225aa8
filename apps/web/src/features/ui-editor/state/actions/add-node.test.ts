import { COMPONENT_DEFINITIONS, LAYOUT_LIMITS, type LayoutNode } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { initialEditorState } from '../initial-editor-state';
import { findNode } from '../find-node';
import { idsOf, largeLayout, testState } from '../test-layout';
import { addNode } from './add-node';

describe('addNode', () => {
  it("adds a node of the type with its default props and a fresh id at the parent's end, and selects it", () => {
    const state = testState();
    const next = addNode(state, { type: 'addNode', parentId: 'grid', nodeType: 'TextCB' });
    const grid = findNode(next.document, 'grid')!;
    const added = grid.children![2]!;
    expect(added).toEqual({ id: 'textcb-1', type: 'TextCB', props: COMPONENT_DEFINITIONS.TextCB.defaultProps });
    expect(next.selectedId).toBe('textcb-1');
    expect(next.past).toEqual([state.document]);
    expect(next.dirty).toBe(true);
  });

  it('inserts at an index, clamped to the children', () => {
    const first = addNode(testState(), { type: 'addNode', parentId: 'root', nodeType: 'ButtonCB', index: 0 });
    expect(first.document.children![0]!.type).toBe('ButtonCB');
    const last = addNode(testState(), { type: 'addNode', parentId: 'root', nodeType: 'ButtonCB', index: 99 });
    expect(last.document.children![3]!.type).toBe('ButtonCB');
    const start = addNode(testState(), { type: 'addNode', parentId: 'root', nodeType: 'ButtonCB', index: -4 });
    expect(start.document.children![0]!.type).toBe('ButtonCB');
  });

  it('adds into a node without children', () => {
    const next = addNode(testState(), { type: 'addNode', parentId: 'footer', nodeType: 'ImageCB' });
    expect(findNode(next.document, 'footer')!.children).toHaveLength(1);
  });

  it('gives each added node an id unused in the document', () => {
    let state = initialEditorState({ id: 'textcb-1', type: 'Root', props: {} }, 1);
    for (let i = 0; i < 40; i++) state = addNode(state, { type: 'addNode', parentId: 'textcb-1', nodeType: 'TextCB' });
    const ids = idsOf(state.document);
    expect(new Set(ids).size).toBe(41);
    expect(ids.every((id) => /^[a-z0-9-]+$/.test(id))).toBe(true);
  });

  it("gives each node its own copy of the defaults' objects", () => {
    const next = addNode(testState(), { type: 'addNode', parentId: 'root', nodeType: 'ImageCB' });
    const added = findNode(next.document, next.selectedId!)!;
    expect(added.props.slice).toEqual(COMPONENT_DEFINITIONS.ImageCB.defaultProps.slice);
    expect(added.props.slice).not.toBe(COMPONENT_DEFINITIONS.ImageCB.defaultProps.slice);
  });

  it('refuses an unknown parent, a node past the depth limit and one past the node limit', () => {
    const state = testState();
    expect(addNode(state, { type: 'addNode', parentId: 'missing', nodeType: 'TextCB' })).toBe(state);

    let deepest: LayoutNode = { id: `n${LAYOUT_LIMITS.maxDepth}`, type: 'GridCB', props: {} };
    for (let level = LAYOUT_LIMITS.maxDepth - 1; level >= 1; level--) {
      deepest = { id: `n${level}`, type: 'GridCB', props: {}, children: [deepest] };
    }
    const deep = initialEditorState(deepest, 1);
    expect(addNode(deep, { type: 'addNode', parentId: `n${LAYOUT_LIMITS.maxDepth}`, nodeType: 'TextCB' })).toBe(deep);
    expect(addNode(deep, { type: 'addNode', parentId: `n${LAYOUT_LIMITS.maxDepth - 1}`, nodeType: 'TextCB' })).not.toBe(
      deep,
    );

    let state2 = initialEditorState(largeLayout(LAYOUT_LIMITS.maxNodes - 3), 1);
    for (let i = 0; i < 3; i++) state2 = addNode(state2, { type: 'addNode', parentId: 'root', nodeType: 'TextCB' });
    expect(idsOf(state2.document)).toHaveLength(LAYOUT_LIMITS.maxNodes);
    expect(addNode(state2, { type: 'addNode', parentId: 'root', nodeType: 'TextCB' })).toBe(state2);
  });
});
