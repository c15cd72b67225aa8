import type { EditorActionReducer } from '../types';
import { load } from './load';

/**
 * Another tab (or device) saved this layout. A clean editor takes it, clearing the history; a dirty one keeps
 * its document, and the save that follows reports the conflict. A version no newer than the one the editor
 * holds is the echo of its own save (or a stale event) and is ignored, so saving does not wipe undo.
 */
export const remoteChanged: EditorActionReducer<'remoteChanged'> = (state, action) => {
  if (state.dirty || action.version <= state.baseVersion) return state;
  return load(state, { type: 'load', layout: action.layout, version: action.version, dirty: false });
};
