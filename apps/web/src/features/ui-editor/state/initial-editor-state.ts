import type { LayoutNode } from '@liveops/domain/layout';
import type { EditorState } from './types';

/**
 * An editor on a layout the server holds at `version`, nothing selected, no history; `dirty` when the layout is
 * not what the server holds (changed by normalisation on load); `stored` false for a config never customised,
 * whose generated default layout is shown clean (decision 028).
 */
export function initialEditorState(layout: LayoutNode, version: number, dirty = false, stored = true): EditorState {
  return {
    document: layout,
    past: [],
    future: [],
    selectedId: null,
    hoveredId: null,
    baseVersion: version,
    savedDocument: dirty ? null : layout,
    dirty,
    layoutStored: stored,
    typing: null,
  };
}
