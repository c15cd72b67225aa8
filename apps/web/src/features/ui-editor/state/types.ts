import type { LayoutNode, LayoutNodeType, LayoutPropValue } from '@liveops/domain/layout';

/**
 * A field being typed into: a node's prop (by name) or its label (LABEL_FIELD, which no prop name can be).
 * Consecutive typed edits of the same field are one undo step.
 */
export interface TypingField {
  id: string;
  field: string;
}

/**
 * The UI editor's state: the layout being edited as a serialisable document, the UI state around it (selection
 * and hover as ids) and an undo history of whole documents. Documents are never mutated: an edit copies only
 * the path from the root to the changed node, so unchanged subtrees keep their identity, and a document the
 * history gives back is the very object it was, so "is this the saved document" is an identity check.
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
  /** The document as the server holds it, when the editor has it (null: a generated layout, never saved). */
  savedDocument: LayoutNode | null;
  /** Whether `document` is not `savedDocument`. */
  dirty: boolean;
  /**
   * Whether the server holds a layout for this config. A config never customised shows the generated default
   * layout, clean (decision 028): it is what the emulator and a publish show. Saving it stores it as the config's.
   */
  layoutStored: boolean;
  /**
   * The field whose typing is still open: a typed edit of the same field replaces the document without a new
   * undo step. Closed by leaving the field (endTyping) and by any other edit, selection, undo or redo.
   */
  typing: TypingField | null;
}

export type EditorAction =
  | { type: 'load'; layout: LayoutNode; version: number; dirty: boolean; stored?: boolean }
  | { type: 'select'; id: string | null }
  | { type: 'hover'; id: string | null }
  /** `typing`: a keystroke in a text field, coalesced with the ones before it in that field. */
  | { type: 'setProp'; id: string; name: string; value: LayoutPropValue | undefined; typing?: boolean }
  /** Several props of one node in one step; `typing`: the field typed into, coalesced like setProp's. */
  | { type: 'setProps'; id: string; props: Readonly<Record<string, LayoutPropValue | undefined>>; typing?: string }
  | { type: 'setLabel'; id: string; label: string; typing?: boolean }
  | { type: 'endTyping' }
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
