import { describe, expect, it } from 'vitest';
import type { LayoutNode } from '@liveops/domain';
import { treeRows } from './tree-rows';

const text = (id: string): LayoutNode => ({ id, type: 'TextCB', props: {} });

describe('treeRows', () => {
  it('lists nodes depth first with their depth, parent and place among their siblings', () => {
    const root: LayoutNode = {
      id: 'root',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 'grid', type: 'GridCB', props: {}, children: [text('a'), text('b')] }, text('c')],
    };
    expect(treeRows(root).map((r) => [r.node.id, r.depth, r.parentId, r.index, r.siblings])).toEqual([
      ['root', 0, null, 0, 1],
      ['grid', 1, 'root', 0, 2],
      ['a', 2, 'grid', 0, 2],
      ['b', 2, 'grid', 1, 2],
      ['c', 1, 'root', 1, 2],
    ]);
  });

  it('lists a layout nested thousands deep without overflowing the stack', () => {
    let node: LayoutNode = text('leaf');
    for (let i = 0; i < 5000; i++) node = { id: `n${i}`, type: 'GridCB', props: {}, children: [node] };
    expect(treeRows(node)).toHaveLength(5001);
  });
});
