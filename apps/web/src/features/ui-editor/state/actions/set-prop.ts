import { editorNodeVisible, type LayoutPropValue } from '@liveops/domain';
import { commitDocument } from '../commit-document';
import { nodePath } from '../node-path';
import { keepsProtectedLabels } from '../protected-labels';
import type { EditorActionReducer } from '../types';
import { updateAtPath } from '../update-at-path';

/** layout.ts's rule for prop names: the schema refuses any other name when the layout is saved. */
const PROP_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

function samePropValue(a: LayoutPropValue | undefined, b: LayoutPropValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/**
 * Sets one prop of a node, or removes it when the value is undefined. Refused for a node the properties panel
 * does not offer (editorHidden, or lockEditing on anything but an image) and when it would take away the last
 * Popup Frame or Rewards Grid label (a grid's `label` prop names it in the hierarchy). Setting a prop to the
 * value it has changes nothing and adds no history. A typed value (`typing`) joins the undo step of the
 * keystrokes before it in the same prop of the same node (commitDocument).
 */
export const setProp: EditorActionReducer<'setProp'> = (state, action) => {
  if (!PROP_NAME.test(action.name)) return state;
  const path = nodePath(state.document, action.id);
  if (!path) return state;
  const document = updateAtPath(state.document, path, (node) => {
    if (!editorNodeVisible(node)) return node;
    const had = Object.hasOwn(node.props, action.name);
    if (action.value === undefined) {
      if (!had) return node;
      const props = { ...node.props };
      delete props[action.name];
      return { ...node, props };
    }
    if (had && samePropValue(node.props[action.name], action.value)) return node;
    return { ...node, props: { ...node.props, [action.name]: action.value } };
  });
  if (!keepsProtectedLabels(state.document, document)) return state;
  return commitDocument(state, document, { typing: action.typing ? { id: action.id, field: action.name } : null });
};
