import { type LayoutNode, type LayoutNodeType, layoutNodes } from '@liveops/domain/layout';

/**
 * A source of node ids unused in `document`: `<type in lower case>-<counter in base 36>` (textcb-1, gridcb-a),
 * each checked against the document's ids and the ones already handed out. A counter rather than random ids
 * keeps the reducers pure and deterministic (React may run a reducer twice; tests can name the ids), and
 * uniqueness only matters within one document, which is always saved whole.
 */
export function freshIdFactory(document: LayoutNode): (type: LayoutNodeType) => string {
  const used = new Set(layoutNodes(document).map((node) => node.id));
  const next = new Map<string, number>();
  return (type) => {
    const prefix = type.toLowerCase();
    let counter = next.get(prefix) ?? 1;
    let id = `${prefix}-${counter.toString(36)}`;
    while (used.has(id)) id = `${prefix}-${(++counter).toString(36)}`;
    next.set(prefix, counter + 1);
    used.add(id);
    return id;
  };
}
