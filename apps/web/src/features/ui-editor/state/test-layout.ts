import type { LayoutNode } from '@liveops/domain/layout';
import { initialEditorState } from './initial-editor-state';
import type { EditorState } from './types';

/**
 * For tests: root > [grid (> [title, picture]), footer, button].
 */
export function testLayout(): LayoutNode {
  return {
    id: 'root',
    type: 'Root',
    props: {},
    children: [
      {
        id: 'grid',
        type: 'GridCB',
        label: 'Grid',
        props: { columns: 2 },
        children: [
          { id: 'title', type: 'TextCB', label: 'Title', props: { value: 'Hello', color: '#FFFFFF' } },
          { id: 'picture', type: 'ImageCB', props: { src: '', slice: { top: 1, right: 2, bottom: 3, left: 4 } } },
        ],
      },
      { id: 'footer', type: 'TextCB', props: { value: 'Bye' } },
      { id: 'button', type: 'ButtonCB', props: { label: 'Go' } },
    ],
  };
}

export function testState(overrides: Partial<EditorState> = {}): EditorState {
  return { ...initialEditorState(testLayout(), 3), ...overrides };
}

/** The ids of a layout, depth first. */
export function idsOf(node: LayoutNode): string[] {
  return [node.id, ...(node.children ?? []).flatMap(idsOf)];
}

/** A layout of exactly `count` nodes: a root holding grids of (up to) ten texts each. */
export function largeLayout(count: number): LayoutNode {
  const grids: LayoutNode[] = [];
  let left = count - 1;
  for (let g = 0; left > 0; g++) {
    const texts = Math.min(10, left - 1);
    grids.push({
      id: `g${g}`,
      type: 'GridCB',
      props: {},
      children: Array.from({ length: texts }, (_, t) => ({ id: `g${g}-t${t}`, type: 'TextCB' as const, props: {} })),
    });
    left -= texts + 1;
  }
  return { id: 'root', type: 'Root', props: {}, children: grids };
}
