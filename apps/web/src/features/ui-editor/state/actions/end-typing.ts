import type { EditorActionReducer } from '../types';

/** The field being typed into lost focus (or took Enter): its next keystroke starts a new undo step. */
export const endTyping: EditorActionReducer<'endTyping'> = (state) =>
  state.typing === null ? state : { ...state, typing: null };
