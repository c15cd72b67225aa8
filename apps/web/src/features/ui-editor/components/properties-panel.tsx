import { useId } from 'react';
import { type Asset } from '@liveops/domain/assets';
import {
  assetReference,
  canEditLabel,
  editableFields,
  editorNodeVisible,
  type EditableField,
  LAYOUT_LIMITS,
  type LayoutNode,
  type LayoutPropValue,
  nodeLabel,
  propOrDefault,
  UI_EDITOR_MESSAGES,
} from '@liveops/domain/layout';
import { COMPONENTS } from '@liveops/views';
import { colorEdit } from '../state/color-edit';
import type { EditorAction } from '../state/editor-state';
import { aspectHeight, loadImageSize } from '../image-aspect';
import { type NodeRendering, propNote, themeColor } from '../node-rendering';
import { PropField } from './prop-field';
import { rowName } from './hierarchy-panel';
import { useLiveText } from './use-live-text';
import frame from '../ui-editor.module.css';
import styles from './properties-panel.module.css';

const asText = (text: string) => ({ stored: text });

/**
 * The node's one name in the hierarchy (decision 028): its label, which wins over the older `label` / `cbLabel`
 * props, renamed as it is typed (one undo step per burst, like a prop).
 */
function NameField({ node, dispatch }: { node: LayoutNode; dispatch: (action: EditorAction) => void }) {
  const id = useId();
  const live = useLiveText({
    value: nodeLabel(node) ?? '',
    read: asText,
    onEdit: (label) => dispatch({ type: 'setLabel', id: node.id, label, typing: true }),
    onEnd: () => dispatch({ type: 'endTyping' }),
  });
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {UI_EDITOR_MESSAGES.nameInHierarchy}
      </label>
      <input
        id={id}
        className="input"
        placeholder={COMPONENTS[node.type].label}
        maxLength={LAYOUT_LIMITS.maxLabelChars}
        {...live.input}
      />
    </div>
  );
}

/** The older editor-name props: the one name field above stands for them. */
const isNameProp = (node: LayoutNode, field: EditableField) =>
  node.type === 'ButtonCB' ? field.name === 'cbLabel' : field.name === 'label';

/**
 * The selected component's name in the hierarchy and the fields of its component definition whose showIf
 * holds, each saying what the popup shows when a binding or the game's theme decides it (decision 028); a node
 * the editor may not change (editorHidden, lockEditing on anything but an image, or a type without fields) says
 * so instead.
 */
export function PropertiesPanel({
  node,
  assets,
  rendering,
  dispatch,
}: {
  node: LayoutNode | null;
  assets: readonly Asset[];
  /** How the preview draws the selected node (its day, bound values and theme colours). */
  rendering: NodeRendering | null;
  dispatch: (action: EditorAction) => void;
}) {
  let body;
  if (!node) {
    body = <p className={`muted ${frame.empty}`}>{UI_EDITOR_MESSAGES.nothingSelected}</p>;
  } else {
    const visible = editorNodeVisible(node);
    const fields = editableFields(node).filter((field) => !isNameProp(node, field));
    const setProp = (name: string, value: LayoutPropValue | undefined, typing?: boolean) =>
      dispatch({ type: 'setProp', id: node.id, name, value, typing });
    const setProps = (props: Record<string, LayoutPropValue | undefined>, typing?: string) =>
      dispatch({ type: 'setProps', id: node.id, props, ...(typing ? { typing } : {}) });
    const endTyping = () => dispatch({ type: 'endTyping' });
    // A picked asset keeps its aspect ratio at the image's width: one step, once its size is known.
    const pickAsset = (name: string) => (asset: Asset) => {
      const src = assetReference(asset.assetId);
      if (node.type !== 'ImageCB' || name !== 'src') {
        setProp(name, src);
        return;
      }
      const current = propOrDefault(node.type, node.props, 'width');
      const width = typeof current === 'number' && current > 0 ? current : 48;
      void loadImageSize(asset.url).then((size) => {
        const height = size ? aspectHeight(width, size) : null;
        setProps(height === null ? { src } : { src, height });
      });
    };
    const component = COMPONENTS[node.type];
    // The screen background has no fields; its colour still says where it comes from.
    const screenColor = node.type === 'BackgroundCB' ? themeColor(node, 'backgroundColor', rendering) : null;
    body = (
      <div className={styles.fields} key={node.id}>
        <p className={styles.selected}>
          <span>{rowName(node)}</span>
          <span className={frame.rowType}>{UI_EDITOR_MESSAGES.componentType(component.label)}</span>
        </p>
        {visible && canEditLabel(node) && <NameField node={node} dispatch={dispatch} />}
        {fields.length === 0 ? (
          <>
            <p className={`muted ${frame.empty}`}>{UI_EDITOR_MESSAGES.notEditable}</p>
            {screenColor && (
              <p className={frame.note}>
                {UI_EDITOR_MESSAGES.showsThemeColor(
                  screenColor.rendered,
                  UI_EDITOR_MESSAGES.themeColorNames[screenColor.role],
                )}
              </p>
            )}
          </>
        ) : (
          fields.map((field) => {
            const theme = field.kind === 'color' ? themeColor(node, field.name, rendering) : null;
            // An empty bound text shows its binding's value, not the field's default.
            const bound = field.kind === 'text' ? rendering?.decoration?.props?.[field.name] : undefined;
            return (
              <PropField
                key={field.name}
                field={field}
                node={node}
                value={node.props[field.name]}
                assets={assets}
                onChange={(value, typing) =>
                  field.kind === 'color'
                    ? setProps(
                        colorEdit(node, field.name, { color: typeof value === 'string' ? value : undefined }),
                        typing ? field.name : undefined,
                      )
                    : setProp(field.name, value, typing)
                }
                onEnd={endTyping}
                note={propNote(node, field.name, rendering)}
                onRestore={(props) => setProps(props)}
                placeholder={typeof bound === 'string' && bound !== '' ? bound : undefined}
                {...(field.kind === 'color'
                  ? {
                      colorSource: {
                        theme,
                        onFollow: (role) =>
                          setProps(
                            colorEdit(
                              node,
                              field.name,
                              role ? { theme: role } : { color: theme?.rendered || undefined },
                            ),
                          ),
                      },
                    }
                  : {})}
                {...(field.kind === 'image' ? { onPickAsset: pickAsset(field.name) } : {})}
              />
            );
          })
        )}
      </div>
    );
  }
  return (
    // ui-editor-properties: the browser tests' hook.
    <section
      className={`panel ui-editor-properties ${frame.column} ${frame.properties}`}
      aria-labelledby="ui-editor-properties-heading"
    >
      <h2 className="panel-title" id="ui-editor-properties-heading">
        Properties
      </h2>
      {body}
    </section>
  );
}
