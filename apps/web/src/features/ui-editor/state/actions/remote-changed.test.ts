import type { LayoutNode } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { testState } from '../test-layout';
import { remoteChanged } from './remote-changed';
import { saved } from './saved';
import { setProp } from './set-prop';

const remote: LayoutNode = { id: 'root', type: 'Root', props: {}, children: [] };

describe('remoteChanged', () => {
  it('loads a newer layout into a clean editor, clearing the history and a selection that has gone', () => {
    const state = testState({ past: [testState().document], selectedId: 'title' });
    const next = remoteChanged(state, { type: 'remoteChanged', layout: remote, version: 4 });
    expect(next).toMatchObject({ document: remote, past: [], future: [], baseVersion: 4, dirty: false });
    expect(next.selectedId).toBeNull();
  });

  it('keeps a dirty editor as it is (the save reports the conflict)', () => {
    const dirty = setProp(testState(), { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    expect(remoteChanged(dirty, { type: 'remoteChanged', layout: remote, version: 4 })).toBe(dirty);
  });

  it("ignores the echo of the editor's own save, so undo still works after saving", () => {
    const edited = setProp(testState(), { type: 'setProp', id: 'title', name: 'value', value: 'Hi' });
    const clean = saved(edited, { type: 'saved', version: 4, document: edited.document });
    expect(remoteChanged(clean, { type: 'remoteChanged', layout: clean.document, version: 4 })).toBe(clean);
    expect(remoteChanged(clean, { type: 'remoteChanged', layout: remote, version: 2 })).toBe(clean);
  });
});
