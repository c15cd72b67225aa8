import { LAYOUT_LIMITS } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { findNode } from '../find-node';
import { initialEditorState } from '../initial-editor-state';
import { idsOf, largeLayout, testState } from '../test-layout';
import { duplicateNode } from './duplicate-node';

describe('duplicateNode', () => {
  it('inserts a deep copy right after the original and selects it', () => {
    const state = testState();
    const next = duplicateNode(state, { type: 'duplicateNode', id: 'grid' });
    const [original, copy] = next.document.children!;
    expect(original).toBe(state.document.children![0]);
    expect(copy!.id).not.toBe('grid');
    expect(copy).toMatchObject({ type: 'GridCB', label: 'Grid', props: { columns: 2 } });
    expect(copy!.children!.map((child) => child.type)).toEqual(['TextCB', 'ImageCB']);
    expect(next.selectedId).toBe(copy!.id);
    expect(next.past).toEqual([state.document]);
  });

  it('gives every copied node a fresh id, unique across the document', () => {
    let state = testState();
    for (let i = 0; i < 3; i++) state = duplicateNode(state, { type: 'duplicateNode', id: 'grid' });
    const ids = idsOf(state.document);
    expect(ids).toHaveLength(6 + 3 * 3);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("does not share the original's prop objects", () => {
    const next = duplicateNode(testState(), { type: 'duplicateNode', id: 'grid' });
    const copiedPicture = next.document.children![1]!.children![1]!;
    expect(copiedPicture.props.slice).toEqual(findNode(next.document, 'picture')!.props.slice);
    expect(copiedPicture.props.slice).not.toBe(findNode(next.document, 'picture')!.props.slice);
  });

  it('refuses the root, an unknown id and a copy past the node limit', () => {
    const state = testState();
    expect(duplicateNode(state, { type: 'duplicateNode', id: 'root' })).toBe(state);
    expect(duplicateNode(state, { type: 'duplicateNode', id: 'missing' })).toBe(state);
    const full = initialEditorState(largeLayout(LAYOUT_LIMITS.maxNodes - 5), 1);
    expect(duplicateNode(full, { type: 'duplicateNode', id: 'g0' })).toBe(full);
    expect(duplicateNode(full, { type: 'duplicateNode', id: 'g0-t0' })).not.toBe(full);
  });
});
