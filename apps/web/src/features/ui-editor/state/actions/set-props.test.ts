import { describe, expect, it } from 'vitest';
import { findNode } from '../find-node';
import { testState } from '../test-layout';
import { setProps } from './set-props';
import { undo } from './undo';

describe('setProps', () => {
  it('sets and removes several props of one node in one undo step', () => {
    const state = testState();
    const next = setProps(state, {
      type: 'setProps',
      id: 'picture',
      props: { src: 'asset:chest', height: 96, slice: undefined },
    });
    expect(findNode(next.document, 'picture')?.props).toEqual({ src: 'asset:chest', height: 96 });
    expect(next.past).toHaveLength(1);
    expect(undo(next, { type: 'undo' }).document).toBe(state.document);
  });

  it('joins the typing of the same field, and changes nothing when every prop already has its value', () => {
    const state = testState();
    const first = setProps(state, { type: 'setProps', id: 'title', props: { color: '#FFE' }, typing: 'color' });
    const second = setProps(first, {
      type: 'setProps',
      id: 'title',
      props: { color: '#FFE16D', ownColors: { color: true } },
      typing: 'color',
    });
    expect(second.past).toEqual([state.document]);
    expect(setProps(state, { type: 'setProps', id: 'title', props: { value: 'Hello', size: undefined } })).toBe(state);
  });

  it('refuses a prop name the layout would refuse, and an unknown node', () => {
    const state = testState();
    expect(setProps(state, { type: 'setProps', id: 'title', props: { value: 'x', 'bad name': 1 } })).toBe(state);
    expect(setProps(state, { type: 'setProps', id: 'nope', props: { value: 'x' } })).toBe(state);
  });
});
