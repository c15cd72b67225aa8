/** A position among `length` children to insert at: a whole number from 0 to length, the end when not given. */
export function clampIndex(index: number | undefined, length: number): number {
  if (index === undefined || Number.isNaN(index)) return length;
  return Math.min(Math.max(Math.trunc(index), 0), length);
}
