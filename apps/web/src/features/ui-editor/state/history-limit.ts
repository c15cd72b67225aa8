/** How many documents undo can go back: enough for a session's edits, bounded so memory stays small. */
export const HISTORY_LIMIT = 200;
