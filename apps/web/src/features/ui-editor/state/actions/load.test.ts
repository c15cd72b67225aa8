import { describe, expect, it } from 'vitest';
import { testLayout, testState } from '../test-layout';
import { load } from './load';

describe('load', () => {
  it('replaces the document, the version and the dirty flag, and clears the history', () => {
    const layout = { id: 'other', type: 'Root' as const, props: {} };
    const state = testState({ past: [testLayout()], future: [testLayout()], dirty: true });
    const next = load(state, { type: 'load', layout, version: 9, dirty: false });
    expect(next).toMatchObject({ document: layout, past: [], future: [], baseVersion: 9, dirty: false });
  });

  it('is dirty when asked to be (a stored layout normalisation repaired on load)', () => {
    expect(load(testState(), { type: 'load', layout: testLayout(), version: 0, dirty: true }).dirty).toBe(true);
  });

  it("loads a config's generated default clean, as its saved document, and says no layout is stored", () => {
    const layout = testLayout();
    const next = load(testState(), { type: 'load', layout, version: 0, dirty: false, stored: false });
    expect(next).toMatchObject({ dirty: false, layoutStored: false });
    expect(next.savedDocument).toBe(layout);
  });

  it('keeps a selection whose node is in the new layout and clears one whose node is not', () => {
    const kept = load(testState({ selectedId: 'title', hoveredId: 'footer' }), {
      type: 'load',
      layout: testLayout(),
      version: 4,
      dirty: false,
    });
    expect(kept).toMatchObject({ selectedId: 'title', hoveredId: 'footer' });
    const cleared = load(testState({ selectedId: 'title', hoveredId: 'footer' }), {
      type: 'load',
      layout: { id: 'root', type: 'Root', props: {} },
      version: 4,
      dirty: false,
    });
    expect(cleared).toMatchObject({ selectedId: null, hoveredId: null });
  });
});
