// The UI editor's state, as the editor's components use it: the types, the reducer and the queries on a document.
export type { EditorAction, EditorState } from './types';
export { initialEditorState } from './initial-editor-state';
export { editorReducer } from './editor-reducer';
export { HISTORY_LIMIT } from './history-limit';
export { PROTECTED_LABELS } from './protected-labels';
export { canRemove } from './can-remove';
export { findNode } from './find-node';
export { findParent } from './find-parent';
export { layoutForSave } from './layout-for-save';
