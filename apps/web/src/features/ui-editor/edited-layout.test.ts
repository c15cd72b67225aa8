import { describe, expect, it } from 'vitest';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Experiment } from '@liveops/domain/experiments';
import type { LayoutNode } from '@liveops/domain/layout';
import { editedLayout } from './edited-layout';

const own: LayoutNode = { id: 'root', type: 'Root', props: {}, children: [] };
const theirs: LayoutNode = { id: 'root', type: 'Root', props: { label: 'B' }, children: [] };
const experiment: Experiment = {
  id: 'exp_1',
  status: 'running',
  startedAt: '2026-06-01T00:00:00.000Z',
  variants: [
    { id: 'A', name: 'A', weight: 1, control: true, uiLayout: null, layoutVersion: 0 },
    { id: 'B', name: 'Big', weight: 1, control: false, uiLayout: theirs, layoutVersion: 4 },
  ],
};
const config = { id: 'c1', uiLayout: own, layoutVersion: 7, experiment } as unknown as DailyReward;

describe('editedLayout', () => {
  it('edits a variant’s own layout and version', () => {
    const edited = editedLayout(config, 'B');
    expect(edited.variant?.id).toBe('B');
    expect(edited.config.uiLayout).toBe(theirs);
    expect(edited.config.layoutVersion).toBe(4);
  });

  it('edits the config’s layout for the control, an unknown variant, or a config without an experiment', () => {
    for (const edited of [
      editedLayout(config, 'A'),
      editedLayout(config, 'Z'),
      editedLayout(config, null),
      editedLayout({ ...config, experiment: null }, 'B'),
    ]) {
      expect(edited.variant).toBeNull();
      expect(edited.config.uiLayout).toBe(own);
      expect(edited.config.layoutVersion).toBe(7);
    }
  });
});
