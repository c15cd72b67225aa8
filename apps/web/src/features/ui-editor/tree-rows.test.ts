import { describe, expect, it } from 'vitest';
import type { LayoutNode } from '@liveops/domain/layout';
import { stableTreeRows, treeRows } from './tree-rows';

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

describe('stableTreeRows', () => {
  const grid = { id: 'grid', type: 'GridCB', props: {}, children: [text('a'), text('b')] } satisfies LayoutNode;
  const root: LayoutNode = { id: 'root', type: 'BackgroundCB', props: {}, children: [grid, text('c')] };
  const [a, b] = grid.children as [LayoutNode, LayoutNode];

  it('keeps the rows and id list of nodes an edit did not touch, and replaces those on its path', () => {
    const before = stableTreeRows(root, null);
    const edited: LayoutNode = {
      ...root,
      children: [{ ...grid, children: [a, { ...b, props: { value: 'x' } }] }, root.children![1]!],
    };
    const after = stableTreeRows(edited, before);
    expect(after.ids).toBe(before.ids);
    const same = after.rows.map((row, i) => row === before.rows[i]);
    expect(same).toEqual([false, false, true, false, true]);
    expect(after.byId.get('b')!.node.props.value).toBe('x');
  });

  it('gives a new id list when the order changes, and nothing for no layout', () => {
    const before = stableTreeRows(root, null);
    const moved = stableTreeRows({ ...root, children: [root.children![1]!, grid] }, before);
    expect(moved.ids).not.toBe(before.ids);
    expect(moved.ids).toEqual(['root', 'c', 'grid', 'a', 'b']);
    expect(moved.rows[2]).not.toBe(before.rows[1]);
    expect(stableTreeRows(null, before)).toEqual({ rows: [], ids: [], byId: new Map() });
  });
});
