import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_MESSAGES } from '@liveops/domain';
import { StyleField } from './style-field';

describe('StyleField', () => {
  it('adds a checked entry, edits it, refuses an unsafe value and removes entries down to none', () => {
    const onChange = vi.fn();
    const { rerender } = render(<StyleField value={undefined} onChange={onChange} />);
    expect(screen.getByText('No styles. Add a CSS property below.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New style property'), { target: { value: 'opacity' } });
    fireEvent.change(screen.getByLabelText('New style value'), { target: { value: ' 0.5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add style' }));
    expect(onChange).toHaveBeenLastCalledWith({ opacity: '0.5' });

    rerender(<StyleField value={{ opacity: '0.5' }} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('New style property'), { target: { value: 'background' } });
    fireEvent.change(screen.getByLabelText('New style value'), {
      target: { value: 'url(https://evil.example/a.png)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add style' }));
    expect(screen.getByRole('alert').textContent).toBe(LAYOUT_MESSAGES.styleInvalid);
    expect(onChange).toHaveBeenCalledTimes(1);

    const opacity = screen.getByLabelText('opacity');
    fireEvent.change(opacity, { target: { value: '0.8' } });
    fireEvent.keyDown(opacity, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ opacity: '0.8' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove opacity' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
