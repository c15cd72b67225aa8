import type { EditorActionReducer } from '../types';
import { setProps } from './set-props';

/**
 * Sets one prop of a node, or removes it when the value is undefined: setProps with one prop. Refused for a node
 * the properties panel does not offer (editorHidden, or lockEditing on anything but an image) and when it would
 * take away the last Popup Frame or Rewards Grid label (a grid's `label` prop names it in the hierarchy). Setting
 * a prop to the value it has changes nothing and adds no history. A typed value (`typing`) joins the undo step of
 * the keystrokes before it in the same prop of the same node (commitDocument).
 */
export const setProp: EditorActionReducer<'setProp'> = (state, action) =>
  setProps(state, {
    type: 'setProps',
    id: action.id,
    props: { [action.name]: action.value },
    ...(action.typing ? { typing: action.name } : {}),
  });
