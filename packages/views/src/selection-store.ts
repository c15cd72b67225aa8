/** A node's editor marks as bits: selected, hovered. */
export const SELECTED = 1;
export const HOVERED = 2;

/**
 * The editor's selection and hover, outside React's props: each node reads its own marks with
 * useSyncExternalStore, so moving the selection or the pointer re-renders the two or four nodes whose outline
 * changes, not the whole layout.
 */
export class SelectionStore {
  private selectedId: string | null;
  private hoveredId: string | null;
  private readonly listeners = new Set<() => void>();

  constructor(selectedId: string | null, hoveredId: string | null) {
    this.selectedId = selectedId;
    this.hoveredId = hoveredId;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  marks(id: string): number {
    return (this.selectedId === id ? SELECTED : 0) | (this.hoveredId === id ? HOVERED : 0);
  }

  set(selectedId: string | null, hoveredId: string | null): void {
    if (selectedId === this.selectedId && hoveredId === this.hoveredId) return;
    this.selectedId = selectedId;
    this.hoveredId = hoveredId;
    for (const listener of this.listeners) listener();
  }
}
