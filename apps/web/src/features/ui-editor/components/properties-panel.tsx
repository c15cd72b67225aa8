import { useId } from 'react';
import {
  canEditLabel,
  editableFields,
  editorNodeVisible,
  type Asset,
  type LayoutNode,
  type LayoutPropValue,
} from '@liveops/domain';
import type { EditorAction } from '../state/editor-state';
import { UI_EDITOR_MESSAGES } from '@liveops/domain';
import { CommitTextInput } from './commit-text-input';
import { PropField } from './prop-field';
import { rowName } from './hierarchy-panel';

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
  const labelId = useId();
  let body;
  if (!node) {
    body = <p className="muted ui-editor-empty">{UI_EDITOR_MESSAGES.nothingSelected}</p>;
  } else {
    const visible = editorNodeVisible(node);
    const fields = editableFields(node);
    const setProp = (name: string, value: LayoutPropValue | undefined) =>
      dispatch({ type: 'setProp', id: node.id, name, value });
    body = (
      <div className="ui-editor-fields" key={node.id}>
        <p className="ui-editor-selected">
          <span className="ui-editor-selected-name">{rowName(node)}</span>
          <span className="ui-editor-row-type">{node.type}</span>
        </p>
        {visible && canEditLabel(node) && (
          <div className="field">
            <label className="field-label" htmlFor={labelId}>
              Component label
            </label>
            <CommitTextInput
              id={labelId}
              value={node.label ?? ''}
              placeholder={rowName(node)}
              onCommit={(label) => dispatch({ type: 'setLabel', id: node.id, label })}
            />
          </div>
        )}
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
              onChange={(value) => setProp(field.name, value)}
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
