import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CanvasSideInput } from './canvas-side-input';

function setup(value = 1080) {
  const onCommit = vi.fn();
  render(<CanvasSideInput label="W" name="Width" value={value} onCommit={onCommit} />);
  return { input: screen.getByLabelText('Width (W)'), onCommit };
}

describe('CanvasSideInput', () => {
  it('commits a positive whole number on blur', () => {
    const { input, onCommit } = setup();
    fireEvent.change(input, { target: { value: '720' } });
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledWith(720);
  });

  it('commits on Enter', () => {
    const { input, onCommit } = setup();
    fireEvent.change(input, { target: { value: '1440' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith(1440);
  });

  it.each(['0', '-5', '12.5', ''])('reverts "%s" to the last value without committing', (entry) => {
    const { input, onCommit } = setup();
    fireEvent.change(input, { target: { value: entry } });
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    expect(input).toHaveValue(1080);
  });
});
