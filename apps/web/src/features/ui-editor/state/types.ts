import type { LayoutNode, LayoutNodeType, LayoutPropValue } from '@liveops/domain';

/**
 * The UI editor's state: the layout being edited as a serialisable document, the UI state around it (selection
 * and hover as ids) and an undo history of whole documents. Documents are never mutated: an edit copies only
 * the path from the root to the changed node, so unchanged subtrees keep their identity.
 */
export interface EditorState {
  /** The layout being edited (its root node). */
  document: LayoutNode;
  /** Undo history, older first, at most HISTORY_LIMIT documents. */
  past: LayoutNode[];
  /** Redo stack: the next document to redo first. */
  future: LayoutNode[];
  selectedId: string | null;
  hoveredId: string | null;
  /** The server's layoutVersion this document started from (or was last saved as). */
  baseVersion: number;
  dirty: boolean;
}

export type EditorAction =
  | { type: 'load'; layout: LayoutNode; version: number; dirty: boolean }
  | { type: 'select'; id: string | null }
  | { type: 'hover'; id: string | null }
  | { type: 'setProp'; id: string; name: string; value: LayoutPropValue | undefined }
  | { type: 'setLabel'; id: string; label: string }
  | { type: 'addNode'; parentId: string; nodeType: LayoutNodeType; index?: number }
  | { type: 'duplicateNode'; id: string }
  | { type: 'removeNode'; id: string }
  | { type: 'moveNode'; id: string; parentId: string; index: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; version: number; document: LayoutNode }
  | { type: 'remoteChanged'; layout: LayoutNode; version: number };

export type EditorActionOf<T extends EditorAction['type']> = Extract<EditorAction, { type: T }>;

/** One action's pure reducer: the same state object back when the action changes nothing. */
export type EditorActionReducer<T extends EditorAction['type']> = (
  state: EditorState,
  action: EditorActionOf<T>,
) => EditorState;
