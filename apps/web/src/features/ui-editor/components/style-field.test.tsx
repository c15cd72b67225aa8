import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_MESSAGES } from '@liveops/domain';
import { StyleField } from './style-field';

describe('StyleField', () => {
  it('adds a checked entry, edits it as typed, refuses an unsafe value and removes entries down to none', () => {
    const onChange = vi.fn();
    const onEnd = vi.fn();
    const { rerender } = render(<StyleField value={undefined} onChange={onChange} onEnd={onEnd} />);
    expect(screen.getByText('No styles. Add a CSS property below.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New style property'), { target: { value: 'opacity' } });
    fireEvent.change(screen.getByLabelText('New style value'), { target: { value: ' 0.5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add style' }));
    expect(onChange).toHaveBeenLastCalledWith({ opacity: '0.5' }, undefined);

    rerender(<StyleField value={{ opacity: '0.5' }} onChange={onChange} onEnd={onEnd} />);
    fireEvent.change(screen.getByLabelText('New style property'), { target: { value: 'background' } });
    fireEvent.change(screen.getByLabelText('New style value'), {
      target: { value: 'url(https://evil.example/a.png)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add style' }));
    expect(screen.getByRole('alert').textContent).toBe(LAYOUT_MESSAGES.styleInvalid);
    expect(onChange).toHaveBeenCalledTimes(1);

    // A value is stored as it is typed, as typing; Enter ends the typing.
    const opacity = screen.getByLabelText('opacity');
    fireEvent.change(opacity, { target: { value: '0.8' } });
    expect(onChange).toHaveBeenLastCalledWith({ opacity: '0.8' }, true);
    fireEvent.keyDown(opacity, { key: 'Enter' });
    expect(onEnd).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove opacity' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined, undefined);
  });

  it('keeps an entry emptied while typing until the field is left, then removes it', () => {
    const onChange = vi.fn();
    render(<StyleField value={{ opacity: '0.5', color: 'red' }} onChange={onChange} onEnd={vi.fn()} />);
    const opacity = screen.getByLabelText('opacity');
    fireEvent.change(opacity, { target: { value: '' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(opacity);
    expect(onChange).toHaveBeenLastCalledWith({ color: 'red' }, undefined);
  });

  it('stores nothing for a value the layout refuses, says why, and shows the stored value on leaving', () => {
    const onChange = vi.fn();
    render(<StyleField value={{ opacity: '0.5' }} onChange={onChange} onEnd={vi.fn()} />);
    const opacity = screen.getByLabelText<HTMLInputElement>('opacity');
    fireEvent.change(opacity, { target: { value: 'url(x)' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(LAYOUT_MESSAGES.styleInvalid);
    expect(opacity.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(opacity);
    expect(opacity.value).toBe('0.5');
  });
});
