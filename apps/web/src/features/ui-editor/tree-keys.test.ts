import { describe, expect, it } from 'vitest';
import { testLayout } from './state/test-layout';
import { openedTo, treeKeyTarget, visibleTreeRows } from './tree-keys';
import { treeRows } from './tree-rows';

// root > [grid > [title, picture], footer, button]
const rows = treeRows(testLayout());
const row = (id: string) => rows.find((r) => r.node.id === id)!;
const ids = (list: { node: { id: string } }[]) => list.map((r) => r.node.id);

describe('the hierarchy as a WAI-ARIA tree', () => {
  it('hides the rows inside a collapsed node', () => {
    expect(ids(visibleTreeRows(rows, new Set()))).toEqual(['root', 'grid', 'title', 'picture', 'footer', 'button']);
    expect(ids(visibleTreeRows(rows, new Set(['grid'])))).toEqual(['root', 'grid', 'footer', 'button']);
    expect(ids(visibleTreeRows(rows, new Set(['root', 'grid'])))).toEqual(['root']);
  });

  it('opens the collapsed ancestors of a node selected elsewhere, and keeps the set when none is collapsed', () => {
    const byId = new Map(rows.map((r) => [r.node.id, r]));
    expect([...openedTo(new Set(['root', 'grid', 'footer']), byId, 'title')]).toEqual(['footer']);
    const none = new Set(['footer']);
    expect(openedTo(none, byId, 'title')).toBe(none);
  });

  it('goes up and down the rows shown, and to the first and last', () => {
    const open = new Set<string>();
    const shown = visibleTreeRows(rows, open);
    expect(treeKeyTarget(shown, open, row('grid'), 'ArrowDown')).toEqual({ id: 'title' });
    expect(treeKeyTarget(shown, open, row('grid'), 'ArrowUp')).toEqual({ id: 'root' });
    expect(treeKeyTarget(shown, open, row('button'), 'ArrowDown')).toEqual({ id: 'button' });
    expect(treeKeyTarget(shown, open, row('footer'), 'Home')).toEqual({ id: 'root' });
    expect(treeKeyTarget(shown, open, row('title'), 'End')).toEqual({ id: 'button' });
    const closed = new Set(['grid']);
    expect(treeKeyTarget(visibleTreeRows(rows, closed), closed, row('grid'), 'ArrowDown')).toEqual({ id: 'footer' });
  });

  it('opens and closes a node with children with → and ←, and otherwise goes to its first child or parent', () => {
    const open = new Set<string>();
    const shown = visibleTreeRows(rows, open);
    expect(treeKeyTarget(shown, open, row('grid'), 'ArrowRight')).toEqual({ id: 'title' });
    expect(treeKeyTarget(shown, open, row('grid'), 'ArrowLeft')).toEqual({ toggle: true });
    expect(treeKeyTarget(shown, open, row('title'), 'ArrowLeft')).toEqual({ id: 'grid' });
    expect(treeKeyTarget(shown, open, row('title'), 'ArrowRight')).toBeNull();
    expect(treeKeyTarget(shown, open, row('root'), 'ArrowLeft')).toEqual({ toggle: true });
    const closed = new Set(['grid']);
    const fewer = visibleTreeRows(rows, closed);
    expect(treeKeyTarget(fewer, closed, row('grid'), 'ArrowRight')).toEqual({ toggle: true });
    expect(treeKeyTarget(fewer, closed, row('grid'), 'ArrowLeft')).toEqual({ id: 'root' });
    expect(treeKeyTarget(shown, open, row('grid'), 'x')).toBeNull();
  });
});
