import { useId } from 'react';
import {
  canEditLabel,
  editableFields,
  editorNodeVisible,
  type Asset,
  LAYOUT_LIMITS,
  type LayoutNode,
  type LayoutPropValue,
} from '@liveops/domain';
import type { EditorAction } from '../state/editor-state';
import { UI_EDITOR_MESSAGES } from '@liveops/domain';
import { PropField } from './prop-field';
import { rowName } from './hierarchy-panel';
import { useLiveText } from './use-live-text';

const asText = (text: string) => ({ stored: text });

/** The node's label in the hierarchy, renamed as it is typed (one undo step per burst, like a prop). */
function LabelField({ node, dispatch }: { node: LayoutNode; dispatch: (action: EditorAction) => void }) {
  const id = useId();
  const live = useLiveText({
    value: node.label ?? '',
    read: asText,
    onEdit: (label) => dispatch({ type: 'setLabel', id: node.id, label, typing: true }),
    onEnd: () => dispatch({ type: 'endTyping' }),
  });
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Component label
      </label>
      <input
        id={id}
        className="input"
        placeholder={rowName(node)}
        maxLength={LAYOUT_LIMITS.maxLabelChars}
        {...live.input}
      />
    </div>
  );
}

/**
 * §2/§5 the selected component's label and the fields of its component definition whose showIf holds; a node
 * the editor may not change (editorHidden, lockEditing on anything but an image, or a type without fields)
 * says so instead.
 */
export function PropertiesPanel({
  node,
  assets,
  dispatch,
}: {
  node: LayoutNode | null;
  assets: readonly Asset[];
  dispatch: (action: EditorAction) => void;
}) {
  let body;
  if (!node) {
    body = <p className="muted ui-editor-empty">{UI_EDITOR_MESSAGES.nothingSelected}</p>;
  } else {
    const visible = editorNodeVisible(node);
    const fields = editableFields(node);
    const setProp = (name: string, value: LayoutPropValue | undefined, typing?: boolean) =>
      dispatch({ type: 'setProp', id: node.id, name, value, typing });
    const endTyping = () => dispatch({ type: 'endTyping' });
    body = (
      <div className="ui-editor-fields" key={node.id}>
        <p className="ui-editor-selected">
          <span className="ui-editor-selected-name">{rowName(node)}</span>
          <span className="ui-editor-row-type">{node.type}</span>
        </p>
        {visible && canEditLabel(node) && <LabelField node={node} dispatch={dispatch} />}
        {fields.length === 0 ? (
          <p className="muted ui-editor-empty">{UI_EDITOR_MESSAGES.notEditable}</p>
        ) : (
          fields.map((field) => (
            <PropField
              key={field.name}
              field={field}
              node={node}
              value={node.props[field.name]}
              assets={assets}
              onChange={(value, typing) => setProp(field.name, value, typing)}
              onEnd={endTyping}
            />
          ))
        )}
      </div>
    );
  }
  return (
    <section className="panel ui-editor-column ui-editor-properties" aria-labelledby="ui-editor-properties-heading">
      <h2 className="panel-title" id="ui-editor-properties-heading">
        Properties
      </h2>
      {body}
    </section>
  );
}
