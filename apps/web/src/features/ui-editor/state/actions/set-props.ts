import { editorNodeVisible, type LayoutNode, type LayoutPropValue } from '@liveops/domain/layout';
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

/** The node with these props set (undefined removes one), or the same node when none changes. */
function withProps(node: LayoutNode, changes: Readonly<Record<string, LayoutPropValue | undefined>>): LayoutNode {
  let props: LayoutNode['props'] | null = null;
  for (const [name, value] of Object.entries(changes)) {
    const current = props ?? node.props;
    const had = Object.hasOwn(current, name);
    if (value === undefined ? !had : had && samePropValue(current[name], value)) continue;
    props ??= { ...node.props };
    if (value === undefined) delete props[name];
    else props[name] = value;
  }
  return props ? { ...node, props } : node;
}

/**
 * Sets several props of one node in one step (undefined removes a prop): a colour with its `ownColors` mark, an
 * image's source with the height that keeps its asset's aspect ratio. Refused for a node the properties panel
 * does not offer (editorHidden, or lockEditing on anything but an image), for a prop name the layout refuses, and
 * when it would take away the last Popup Frame or Rewards Grid label. Nothing changed: the same state back. A
 * typed change (`typing`, the field typed into) joins the undo step of the keystrokes before it in that field.
 */
export const setProps: EditorActionReducer<'setProps'> = (state, action) => {
  if (!Object.keys(action.props).every((name) => PROP_NAME.test(name))) return state;
  const path = nodePath(state.document, action.id);
  if (!path) return state;
  const document = updateAtPath(state.document, path, (node) =>
    editorNodeVisible(node) ? withProps(node, action.props) : node,
  );
  if (!keepsProtectedLabels(state.document, document)) return state;
  return commitDocument(state, document, { typing: action.typing ? { id: action.id, field: action.typing } : null });
};
