import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_LABELS, findNodeByLabel, type LayoutNode } from '@liveops/domain';
import { isMissingLabel, loadedLayout, missingLabelWarnings } from './loaded-layout';

describe('loadedLayout', () => {
  it('opens a config without a layout on the generated default, as a change to save', () => {
    const loaded = loadedLayout({ uiLayout: null, cycleDays: 7 });
    expect(findNodeByLabel(loaded.layout, DEFAULT_LAYOUT_LABELS.popupFrame)).not.toBeNull();
    expect(loaded).toMatchObject({ warnings: [], changed: true });
  });

  it('opens a saved layout as it is, unchanged', () => {
    const saved = loadedLayout({ uiLayout: null, cycleDays: 7 }).layout;
    const loaded = loadedLayout({ uiLayout: JSON.parse(JSON.stringify(saved)) as LayoutNode, cycleDays: 7 });
    expect(loaded.layout).toEqual(saved);
    expect(loaded.changed).toBe(false);
  });

  it('keeps a layout without its Popup Frame and Rewards Grid, with a warning for each', () => {
    const uiLayout: LayoutNode = {
      id: 'bg',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 't', type: 'TextCB', props: { value: 'Hi' } }],
    };
    const loaded = loadedLayout({ uiLayout, cycleDays: 7 });
    expect(loaded.layout).toEqual(uiLayout);
    expect(loaded.warnings).toHaveLength(2);
    expect(missingLabelWarnings(loaded.layout)).toEqual(loaded.warnings);
    expect(loaded.warnings.every(isMissingLabel)).toBe(true);
    expect(loaded.changed).toBe(false);
  });
});
