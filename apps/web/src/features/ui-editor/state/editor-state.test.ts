import { defaultDailyRewardsLayout, findNodeByLabel, LayoutNodeSchema } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { canRemove, findNode, findParent, initialEditorState, layoutForSave, PROTECTED_LABELS } from './editor-state';
import { freshIdFactory } from './fresh-id';
import { testLayout } from './test-layout';

describe('editor state queries', () => {
  it('starts on a layout with nothing selected and no history', () => {
    const layout = testLayout();
    expect(initialEditorState(layout, 5)).toEqual({
      document: layout,
      past: [],
      future: [],
      selectedId: null,
      hoveredId: null,
      baseVersion: 5,
      savedDocument: layout,
      dirty: false,
      layoutStored: true,
      typing: null,
    });
    expect(initialEditorState(layout, 0, true)).toMatchObject({ dirty: true, savedDocument: null });
    // A config never customised: its generated default is clean, the document the editor compares with.
    expect(initialEditorState(layout, 0, false, false)).toMatchObject({
      dirty: false,
      layoutStored: false,
      savedDocument: layout,
    });
  });

  it('finds a node and its parent by id', () => {
    const layout = testLayout();
    expect(findNode(layout, 'picture')?.type).toBe('ImageCB');
    expect(findNode(layout, 'missing')).toBeNull();
    const found = findParent(layout, 'picture');
    expect(found?.parent.id).toBe('grid');
    expect(found?.index).toBe(1);
    expect(findParent(layout, 'root')).toBeNull();
    expect(findParent(layout, 'missing')).toBeNull();
  });

  it('protects the Popup Frame and the Rewards Grid, and what holds them', () => {
    expect(PROTECTED_LABELS).toEqual(['Popup Frame', 'Rewards Grid']);
    const layout = defaultDailyRewardsLayout();
    expect(canRemove(layout, layout.id)).toBe(false);
    expect(canRemove(layout, findNodeByLabel(layout, 'Popup Frame')!.id)).toBe(false);
    expect(canRemove(layout, findNodeByLabel(layout, 'Rewards Body')!.id)).toBe(false);
    expect(canRemove(layout, findNodeByLabel(layout, 'Claim Button')!.id)).toBe(true);
    expect(canRemove(layout, 'missing')).toBe(false);
  });

  it('writes only id, type, props, label and children on save, without undefined values', () => {
    const layout = {
      id: 'root',
      type: 'Root' as const,
      props: { gone: undefined, style: { color: 'red', margin: undefined } },
      label: undefined,
      extra: 'not saved',
      children: [{ id: 't', type: 'TextCB' as const, label: 'T', props: { value: 'x' } }],
    };
    const saved = layoutForSave(layout as never);
    expect(saved).toEqual({
      id: 'root',
      type: 'Root',
      props: { style: { color: 'red' } },
      children: [{ id: 't', type: 'TextCB', label: 'T', props: { value: 'x' } }],
    });
    expect(Object.keys(saved)).toEqual(['id', 'type', 'props', 'children']);
    expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);
    expect(LayoutNodeSchema.safeParse(layoutForSave(defaultDailyRewardsLayout())).success).toBe(true);
  });

  it('hands out ids unused in the document, also ones it gave before', () => {
    const next = freshIdFactory({ id: 'textcb-1', type: 'Root', props: {} });
    expect([next('TextCB'), next('TextCB'), next('GridCB')]).toEqual(['textcb-2', 'textcb-3', 'gridcb-1']);
  });
});
