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
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, Copy, GripVertical, Plus, Trash2, X } from 'lucide-react';
import { type KeyboardEvent, memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  LAYOUT_NODE_TYPES,
  type LayoutNode,
  type LayoutNodeType,
  nodeLabel,
  UI_EDITOR_MESSAGES,
} from '@liveops/domain/layout';
import { COMPONENTS } from '@liveops/views';
import { Button } from '../../../components/ui/button';
import { canRemove, type EditorAction } from '../state/editor-state';
import { openedTo, treeKeyTarget, visibleTreeRows } from '../tree-keys';
import { stableTreeRows, type TreeRow } from '../tree-rows';
import frame from '../ui-editor.module.css';
import styles from './hierarchy-panel.module.css';

type Dispatch = (action: EditorAction) => void;

// Constants, not literals: dnd-kit keys its sensors (and so the context every row reads) on these objects, and
// a new object per render re-rendered all 500 rows of a large layout on every edit.
const POINTER_SENSOR_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_SENSOR_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };
const NO_COLLAPSED: ReadonlySet<string> = new Set();

/** The hierarchy lists a node by its name, else its component's name for designers (Text, Image, …). */
export const rowName = (node: LayoutNode) => nodeLabel(node) || COMPONENTS[node.type].label;

/**
 * The layout as a WAI-ARIA tree (decision 028): click a row to select it (again to deselect); ↑/↓ select the
 * row above or below, → expands a collapsed node (or goes to its first child), ← collapses an expanded one (or
 * goes to its parent), Home/End the first and last row; drag a row's grip, or Alt+↑/↓ on a row, to reorder it
 * among its siblings; add, duplicate or remove components from the toolbar.
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
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(NO_COLLAPSED);
  // A node selected elsewhere (in the preview) inside a collapsed branch opens that branch.
  const shownCollapsed = openedTo(collapsed, byId, selectedId);
  if (shownCollapsed !== collapsed) setCollapsed(shownCollapsed);
  const visibleRows = visibleTreeRows(rows, shownCollapsed);
  const treeRef = useRef<HTMLUListElement>(null);
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
  // Roving focus: the selected row, else the first, is the one Tab reaches.
  const focusableId = selected && visibleRows.includes(selected) ? selected.node.id : visibleRows[0]?.node.id;

  const toggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  // Read through a ref, so the handler keeps its identity and the 500 memoised rows are not re-rendered per edit.
  const keyState = useRef({ visibleRows, shownCollapsed, selectedId });
  useEffect(() => {
    keyState.current = { visibleRows, shownCollapsed, selectedId };
  });
  const onTreeKey = useCallback(
    (row: TreeRow, event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const { visibleRows: shown, shownCollapsed: closed, selectedId: current } = keyState.current;
      const target = treeKeyTarget(shown, closed, row, event.key);
      if (!target) return;
      event.preventDefault();
      if (target.toggle) toggle(row.node.id);
      if (target.id && target.id !== row.node.id) {
        // The row gone to is shown already (→ on a closed node only opens it): focus it now.
        treeRef.current
          ?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(target.id)}"] [role="treeitem"]`)
          ?.focus();
        if (target.id !== current) dispatch({ type: 'select', id: target.id });
      }
    },
    [dispatch, toggle],
  );

  return (
    // ui-editor-hierarchy, ui-editor-grip and ui-editor-row-name: the browser tests' hooks.
    <section
      className={`panel ui-editor-hierarchy ${frame.column} ${frame.hierarchy}`}
      aria-labelledby="ui-editor-hierarchy-heading"
    >
      <div className={styles.columnHead}>
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
          {UI_EDITOR_MESSAGES.clearSelection}
        </Button>
      </div>
      {document && (
        <div className={styles.treeTools}>
          <div className={styles.add}>
            <label className="sr-only" htmlFor={addTypeId}>
              Component type
            </label>
            <select
              id={addTypeId}
              className={`input ${frame.inputSm}`}
              value={addType}
              onChange={(event) => setAddType(event.target.value as LayoutNodeType)}
            >
              {LAYOUT_NODE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {COMPONENTS[type].label}
                </option>
              ))}
            </select>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              title={`Add a ${COMPONENTS[addType].label} inside ${selected ? rowName(selected.node) : rowName(document)}`}
              onClick={() =>
                dispatch({ type: 'addNode', parentId: selected?.node.id ?? document.id, nodeType: addType })
              }
            >
              <Plus size={14} aria-hidden />
              Add
            </Button>
          </div>
          <div className={styles.nodeActions}>
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
            <p className={`muted ${frame.hint}`} id="ui-editor-protected-hint">
              {UI_EDITOR_MESSAGES.protectedNode}
            </p>
          )}
        </div>
      )}
      {rows.length === 0 ? (
        <p className={`muted ${frame.empty}`}>{UI_EDITOR_MESSAGES.emptyHierarchy}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ul className={styles.tree} role="tree" aria-label="Components" ref={treeRef}>
              {visibleRows.map((row) => (
                <HierarchyRow
                  key={row.node.id}
                  row={row}
                  selected={row.node.id === selectedId}
                  hovered={row.node.id === hoveredId}
                  focusable={row.node.id === focusableId}
                  expanded={row.node.children?.length ? !shownCollapsed.has(row.node.id) : undefined}
                  dispatch={dispatch}
                  onMove={move}
                  onKey={onTreeKey}
                  onToggle={toggle}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

/**
 * One treeitem. Memoised: the rows of nodes an edit did not touch keep their props (stableTreeRows) and are not
 * re-rendered. The grip and the expander are for the pointer only (the keys above do their work), so the tree
 * holds nothing focusable but its items.
 */
const HierarchyRow = memo(function HierarchyRow({
  row,
  selected,
  hovered,
  focusable,
  expanded,
  dispatch,
  onMove,
  onKey,
  onToggle,
}: {
  row: TreeRow;
  selected: boolean;
  hovered: boolean;
  focusable: boolean;
  /** undefined: no children to show or hide. */
  expanded: boolean | undefined;
  dispatch: Dispatch;
  onMove: (row: TreeRow, by: number) => void;
  onKey: (row: TreeRow, event: KeyboardEvent) => void;
  onToggle: (id: string) => void;
}) {
  const { node, depth, parentId } = row;
  const { listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: node.id,
    disabled: parentId === null,
  });
  const name = rowName(node);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) {
      onKey(row, event);
      return;
    }
    event.preventDefault();
    onMove(row, event.key === 'ArrowUp' ? -1 : 1);
  };
  const typeName = COMPONENTS[node.type].label;
  const classes = [styles.row, selected && styles.selected, hovered && styles.hovered, isDragging && styles.dragging]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      ref={setNodeRef}
      role="none"
      className={classes}
      data-node-id={node.id}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        paddingLeft: `${depth * 14}px`,
      }}
    >
      {parentId === null ? (
        <span className={`ui-editor-grip ${styles.grip}`} aria-hidden />
      ) : (
        <span
          ref={setActivatorNodeRef}
          className={`ui-editor-grip ${styles.grip}`}
          aria-hidden
          title={`Drag to reorder ${name}`}
          {...listeners}
        >
          <GripVertical size={14} aria-hidden />
        </span>
      )}
      <span
        className={styles.expander}
        aria-hidden
        onClick={expanded === undefined ? undefined : () => onToggle(node.id)}
      >
        {expanded === undefined ? null : expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
      </span>
      <button
        type="button"
        role="treeitem"
        className={styles.select}
        aria-selected={selected}
        aria-expanded={expanded}
        aria-level={row.depth + 1}
        aria-setsize={row.siblings}
        aria-posinset={row.index + 1}
        tabIndex={focusable ? 0 : -1}
        title={name === typeName ? name : `${name}: ${typeName}`}
        onClick={() => dispatch({ type: 'select', id: node.id })}
        onKeyDown={onKeyDown}
        onMouseEnter={() => dispatch({ type: 'hover', id: node.id })}
        onMouseLeave={() => dispatch({ type: 'hover', id: null })}
      >
        <span className={`ui-editor-row-name ${styles.name}`}>{name}</span>
        {name !== typeName && (
          <span className={frame.rowType} aria-hidden>
            {typeName}
          </span>
        )}
      </button>
    </li>
  );
});
