import type { LayoutNode } from '@liveops/domain';
import type { EditorState } from './types';

/**
 * An editor on a layout the server holds at `version`, nothing selected, no history; `dirty` when the layout is
 * not what the server holds (generated, or changed by normalisation on load).
 */
export function initialEditorState(layout: LayoutNode, version: number, dirty = false): EditorState {
  return {
    document: layout,
    past: [],
    future: [],
    selectedId: null,
    hoveredId: null,
    baseVersion: version,
    savedDocument: dirty ? null : layout,
    dirty,
    typing: null,
  };
}
