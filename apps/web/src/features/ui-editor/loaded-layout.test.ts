import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT_LABELS,
  defaultDailyRewardsLayout,
  findNodeByLabel,
  type LayoutNode,
  UI_EDITOR_MESSAGES,
} from '@liveops/domain/layout';
import { isMissingLabel, loadedLayout, missingLabelWarnings } from './loaded-layout';

describe('loadedLayout', () => {
  it('opens a config never customised on the generated default, unchanged: the popup already shows it', () => {
    const loaded = loadedLayout({ uiLayout: null, cycleDays: 7 });
    expect(findNodeByLabel(loaded.layout, DEFAULT_LAYOUT_LABELS.popupFrame)).not.toBeNull();
    expect(loaded).toMatchObject({ warnings: [], changed: false, stored: false });
    expect(loadedLayout({ uiLayout: null, cycleDays: 7 }, 'landscape').layout).toEqual(
      defaultDailyRewardsLayout(7, 'landscape'),
    );
  });

  it('opens a stored layout that loading repaired as changed, saying so', () => {
    const text: LayoutNode = { id: 't', type: 'TextCB', props: { value: 'Hi' } };
    // An array becomes the children of a background root.
    const loaded = loadedLayout({ uiLayout: [text] as unknown as LayoutNode, cycleDays: 7 });
    expect(loaded.layout.children).toEqual([text]);
    expect(loaded).toMatchObject({ changed: true, stored: true });
    expect(loaded.warnings[0]).toBe(UI_EDITOR_MESSAGES.repaired);
    // An empty background root becomes the default layout: a repair too.
    const empty = loadedLayout({ uiLayout: { id: 'bg', type: 'BackgroundCB', props: {} }, cycleDays: 7 });
    expect(empty).toMatchObject({ changed: true, warnings: [UI_EDITOR_MESSAGES.repaired] });
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
