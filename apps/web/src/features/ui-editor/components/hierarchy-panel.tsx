import {
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { ArrowDown, ArrowUp, Copy, GripVertical, Plus, Trash2, X } from 'lucide-react';
import { type KeyboardEvent, memo, useCallback, useId, useState } from 'react';
import { LAYOUT_NODE_TYPES, type LayoutNode, type LayoutNodeType, nodeLabel } from '@liveops/domain';
import { Button } from '../../../components/ui/button';
import { canRemove, type EditorAction } from '../state/editor-state';
import { stableTreeRows, type TreeRow } from '../tree-rows';
import { UI_EDITOR_MESSAGES } from '@liveops/domain';

type Dispatch = (action: EditorAction) => void;

// Constants, not literals: dnd-kit keys its sensors (and so the context every row reads) on these objects, and
// a new object per render re-rendered all 500 rows of a large layout on every edit.
const POINTER_SENSOR_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_SENSOR_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

/** The hierarchy lists a node by its label, else its type. */
export const rowName = (node: LayoutNode) => nodeLabel(node) || node.type;

/**
 * The layout as a tree: click a row to select it (again to deselect), drag a row's grip (or focus the grip and
 * use Space and the arrow keys, or Alt+↑/↓ on a row) to reorder it among its siblings, and add, duplicate or
 * remove components from the toolbar.
 */
export function HierarchyPanel({
  document,
  selectedId,
  hoveredId,
  dispatch,
}: {
  document: LayoutNode | null;
  selectedId: string | null;
  hoveredId: string | null;
  dispatch: Dispatch;
}) {
  // The previous listing is state adjusted while rendering (React's pattern for a value derived from the last
  // render), so the rows of untouched nodes keep their identity.
  const [listed, setListed] = useState(() => ({ document, listing: stableTreeRows(document, null) }));
  let { listing } = listed;
  if (listed.document !== document) {
    listing = stableTreeRows(document, listing);
    setListed({ document, listing });
  }
  const { rows, ids, byId } = listing;
  const [addType, setAddType] = useState<LayoutNodeType>('TextCB');
  const addTypeId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_SENSOR_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_SENSOR_OPTIONS),
  );
  // A node moves among its own siblings only: the drop targets are narrowed to them.
  const collision: CollisionDetection = useCallback(
    (args) => {
      const parentId = byId.get(String(args.active.id))?.parentId;
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => byId.get(String(c.id))?.parentId === parentId),
      });
    },
    [byId],
  );

  const move = useCallback(
    (row: TreeRow, by: number) => {
      if (row.parentId === null) return;
      const index = row.index + by;
      if (index < 0 || index >= row.siblings) return;
      dispatch({ type: 'moveNode', id: row.node.id, parentId: row.parentId, index });
    },
    [dispatch],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = byId.get(String(active.id));
    const to = over ? byId.get(String(over.id)) : undefined;
    if (!from || !to || from === to || from.parentId === null || from.parentId !== to.parentId) return;
    dispatch({ type: 'moveNode', id: from.node.id, parentId: from.parentId, index: to.index });
  };

  const selected = selectedId ? byId.get(selectedId) : undefined;
  const removable = selected && document ? canRemove(document, selected.node.id) : false;

  return (
    <section className="panel ui-editor-column ui-editor-hierarchy" aria-labelledby="ui-editor-hierarchy-heading">
      <div className="ui-editor-column-head">
        <h2 className="panel-title" id="ui-editor-hierarchy-heading">
          Hierarchy
        </h2>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => dispatch({ type: 'select', id: null })}
          disabled={!selectedId}
        >
          <X size={14} aria-hidden />
          Clear
        </Button>
      </div>
      {document && (
        <div className="ui-editor-tree-tools">
          <div className="ui-editor-add">
            <label className="ui-editor-sr-only" htmlFor={addTypeId}>
              Component type
            </label>
            <select
              id={addTypeId}
              className="input ui-editor-input-sm"
              value={addType}
              onChange={(event) => setAddType(event.target.value as LayoutNodeType)}
            >
              {LAYOUT_NODE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              title={`Add a ${addType} inside ${selected ? rowName(selected.node) : rowName(document)}`}
              onClick={() =>
                dispatch({ type: 'addNode', parentId: selected?.node.id ?? document.id, nodeType: addType })
              }
            >
              <Plus size={14} aria-hidden />
              Add
            </Button>
          </div>
          <div className="ui-editor-node-actions">
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label="Move up"
              title="Move up (Alt+↑)"
              disabled={!selected || selected.parentId === null || selected.index === 0}
              onClick={() => selected && move(selected, -1)}
            >
              <ArrowUp size={14} aria-hidden />
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label="Move down"
              title="Move down (Alt+↓)"
              disabled={!selected || selected.parentId === null || selected.index === selected.siblings - 1}
              onClick={() => selected && move(selected, 1)}
            >
              <ArrowDown size={14} aria-hidden />
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label="Duplicate"
              title="Duplicate"
              disabled={!selected || selected.parentId === null}
              onClick={() => selected && dispatch({ type: 'duplicateNode', id: selected.node.id })}
            >
              <Copy size={14} aria-hidden />
            </Button>
            {/* A disabled button gets no pointer events: the wrapper carries the reason as its tooltip. */}
            <span title={selected && !removable ? UI_EDITOR_MESSAGES.protectedNode : 'Remove'}>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label="Remove"
                aria-describedby={selected && !removable ? 'ui-editor-protected-hint' : undefined}
                disabled={!selected || !removable}
                onClick={() => selected && dispatch({ type: 'removeNode', id: selected.node.id })}
              >
                <Trash2 size={14} aria-hidden />
              </Button>
            </span>
          </div>
          {selected && !removable && (
            <p className="muted ui-editor-hint" id="ui-editor-protected-hint">
              {UI_EDITOR_MESSAGES.protectedNode}
            </p>
          )}
        </div>
      )}
      {rows.length === 0 ? (
        <p className="muted ui-editor-empty">{UI_EDITOR_MESSAGES.emptyHierarchy}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ul className="ui-editor-tree" aria-label="Components">
              {rows.map((row) => (
                <HierarchyRow
                  key={row.node.id}
                  row={row}
                  selected={row.node.id === selectedId}
                  hovered={row.node.id === hoveredId}
                  dispatch={dispatch}
                  onMove={move}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

/** Memoised: the rows of nodes an edit did not touch keep their props (stableTreeRows) and are not re-rendered. */
const HierarchyRow = memo(function HierarchyRow({
  row,
  selected,
  hovered,
  dispatch,
  onMove,
}: {
  row: TreeRow;
  selected: boolean;
  hovered: boolean;
  dispatch: Dispatch;
  onMove: (row: TreeRow, by: number) => void;
}) {
  const { node, depth, parentId } = row;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: node.id,
    disabled: parentId === null,
  });
  const name = rowName(node);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMove(row, event.key === 'ArrowUp' ? -1 : 1);
  };
  const classes = ['ui-editor-row', selected && 'is-selected', hovered && 'is-hovered', isDragging && 'is-dragging']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      ref={setNodeRef}
      className={classes}
      data-node-id={node.id}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        paddingLeft: `${depth * 14}px`,
      }}
    >
      {parentId === null ? (
        <span className="ui-editor-grip" aria-hidden />
      ) : (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="ui-editor-grip"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${name}`}
        >
          <GripVertical size={14} aria-hidden />
        </button>
      )}
      <button
        type="button"
        className="ui-editor-row-select"
        aria-pressed={selected}
        title={name === node.type ? name : `${name} (${node.type})`}
        onClick={() => dispatch({ type: 'select', id: node.id })}
        onKeyDown={onKeyDown}
        onMouseEnter={() => dispatch({ type: 'hover', id: node.id })}
        onMouseLeave={() => dispatch({ type: 'hover', id: null })}
      >
        <span className="ui-editor-row-name">{name}</span>
        {name !== node.type && (
          <span className="ui-editor-row-type" aria-hidden>
            {node.type}
          </span>
        )}
      </button>
    </li>
  );
});
