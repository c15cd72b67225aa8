import { describe, expect, it } from 'vitest';
import type { LayoutNode } from '@liveops/domain/layout';
import { dailyRewardsPropSource } from '@liveops/views';
import { colorEdit } from './color-edit';

const text = (props: LayoutNode['props']): LayoutNode => ({ id: 't', type: 'TextCB', props });
const apply = (node: LayoutNode, props: ReturnType<typeof colorEdit>): LayoutNode => ({
  ...node,
  props: Object.fromEntries(
    Object.entries({ ...node.props, ...props }).filter(([, value]) => value !== undefined),
  ) as LayoutNode['props'],
});

describe('colorEdit', () => {
  it("marks a set colour that is a theme default as the node's own, so the popup shows it as set", () => {
    const node = text({ color: '#00FF00' });
    const edited = apply(node, colorEdit(node, 'color', { color: '#ffe16d' }));
    expect(edited.props).toEqual({ color: '#ffe16d', ownColors: { color: true } });
    expect(dailyRewardsPropSource(edited, 'color', undefined)).toBeNull();
  });

  it('drops the mark for any other colour, and leaves the marks of other props', () => {
    const node = text({ color: '#FFE16D', ownColors: { color: true, backgroundColor: true } });
    expect(colorEdit(node, 'color', { color: '#123456' })).toEqual({
      color: '#123456',
      ownColors: { backgroundColor: true },
    });
    expect(colorEdit(text({ color: '#FFE16D', ownColors: { color: true } }), 'color', { color: '#123456' })).toEqual({
      color: '#123456',
      ownColors: undefined,
    });
  });

  it("follows one of the game's colours by storing its default without the mark", () => {
    const node = text({ color: '#FFE16D', ownColors: { color: true } });
    const edited = apply(node, colorEdit(node, 'color', { theme: 'secondary' }));
    expect(edited.props).toEqual({ color: '#021031' });
    expect(dailyRewardsPropSource(edited, 'color', undefined)).toEqual({ theme: 'secondary' });
  });
});
