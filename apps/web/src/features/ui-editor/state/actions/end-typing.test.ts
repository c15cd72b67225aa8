import { describe, expect, it } from 'vitest';
import { testState } from '../test-layout';
import { endTyping } from './end-typing';
import { setProp } from './set-prop';

describe('endTyping', () => {
  it('closes the open typing and changes nothing else', () => {
    const typing = setProp(testState(), { type: 'setProp', id: 'title', name: 'value', value: 'H', typing: true });
    const ended = endTyping(typing, { type: 'endTyping' });
    expect(ended).toEqual({ ...typing, typing: null });
  });

  it('returns the same state when nothing is being typed', () => {
    const state = testState();
    expect(endTyping(state, { type: 'endTyping' })).toBe(state);
  });
});
