import { addNode } from './actions/add-node';
import { duplicateNode } from './actions/duplicate-node';
import { endTyping } from './actions/end-typing';
import { hover } from './actions/hover';
import { load } from './actions/load';
import { moveNode } from './actions/move-node';
import { redo } from './actions/redo';
import { remoteChanged } from './actions/remote-changed';
import { removeNode } from './actions/remove-node';
import { saved } from './actions/saved';
import { select } from './actions/select';
import { setLabel } from './actions/set-label';
import { setProp } from './actions/set-prop';
import { setProps } from './actions/set-props';
import { undo } from './actions/undo';
import type { EditorAction, EditorState } from './types';

/** The UI editor's one reducer: each action is its own pure function under ./actions. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return load(state, action);
    case 'select':
      return select(state, action);
    case 'hover':
      return hover(state, action);
    case 'setProp':
      return setProp(state, action);
    case 'setProps':
      return setProps(state, action);
    case 'setLabel':
      return setLabel(state, action);
    case 'endTyping':
      return endTyping(state, action);
    case 'addNode':
      return addNode(state, action);
    case 'duplicateNode':
      return duplicateNode(state, action);
    case 'removeNode':
      return removeNode(state, action);
    case 'moveNode':
      return moveNode(state, action);
    case 'undo':
      return undo(state, action);
    case 'redo':
      return redo(state, action);
    case 'saved':
      return saved(state, action);
    case 'remoteChanged':
      return remoteChanged(state, action);
  }
}
