import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_MESSAGES } from '@liveops/domain/layout';
import { StyleField } from './style-field';

describe('StyleField', () => {
  it('adds a checked entry, edits it as typed, refuses an unsafe value and removes entries down to none', () => {
    const onChange = vi.fn();
    const onEnd = vi.fn();
    const { rerender } = render(<StyleField value={undefined} onChange={onChange} onEnd={onEnd} />);
    expect(screen.getByText('No style yet. Pick what to change below.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New style'), { target: { value: 'opacity' } });
    fireEvent.change(screen.getByLabelText('New style value'), { target: { value: ' 0.5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add style' }));
    expect(onChange).toHaveBeenLastCalledWith({ opacity: '0.5' }, undefined);

    rerender(<StyleField value={{ opacity: '0.5' }} onChange={onChange} onEnd={onEnd} />);
    fireEvent.change(screen.getByLabelText('New CSS property'), { target: { value: 'background' } });
    fireEvent.change(screen.getByLabelText('New CSS property value'), {
      target: { value: 'url(https://evil.example/a.png)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add CSS property' }));
    expect(screen.getByRole('alert').textContent).toBe(LAYOUT_MESSAGES.styleInvalid);
    expect(onChange).toHaveBeenCalledTimes(1);

    // A value is stored as it is typed, as typing; Enter ends the typing.
    const opacity = screen.getByLabelText('Opacity');
    fireEvent.change(opacity, { target: { value: '0.8' } });
    expect(onChange).toHaveBeenLastCalledWith({ opacity: '0.8' }, true);
    fireEvent.keyDown(opacity, { key: 'Enter' });
    expect(onEnd).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Opacity' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined, undefined);
  });

  it('keeps an entry emptied while typing until the field is left, then removes it', () => {
    const onChange = vi.fn();
    render(<StyleField value={{ opacity: '0.5', color: 'red' }} onChange={onChange} onEnd={vi.fn()} />);
    const opacity = screen.getByLabelText('Opacity');
    fireEvent.change(opacity, { target: { value: '' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(opacity);
    expect(onChange).toHaveBeenLastCalledWith({ color: 'red' }, undefined);
  });

  it('stores nothing for a value the layout refuses, says why, and shows the stored value on leaving', () => {
    const onChange = vi.fn();
    render(<StyleField value={{ opacity: '0.5' }} onChange={onChange} onEnd={vi.fn()} />);
    const opacity = screen.getByLabelText<HTMLInputElement>('Opacity');
    fireEvent.change(opacity, { target: { value: 'url(x)' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(LAYOUT_MESSAGES.styleInvalid);
    expect(opacity.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(opacity);
    expect(opacity.value).toBe('0.5');
  });

  it('offers plain names in the groups a designer changes, and keeps raw CSS under Advanced', () => {
    render(<StyleField value={{ fontSize: '20px', position: 'absolute' }} onChange={vi.fn()} onEnd={vi.fn()} />);
    // What is set shows under its group by its plain name; raw CSS by its CSS name, under Advanced (open then).
    expect(within(screen.getByRole('group', { name: 'Text style' })).getByLabelText('Text size')).toBeTruthy();
    const advanced = screen.getByText('Advanced (CSS)').closest('details')!;
    expect(advanced.open).toBe(true);
    expect(within(advanced).getByLabelText('position')).toBeTruthy();
    // The plain picker offers the groups' properties by plain name, none by a CSS name.
    const picker = screen.getByLabelText<HTMLSelectElement>('New style');
    const groups = [...picker.querySelectorAll('optgroup')].map((group) => group.label);
    expect(groups).toEqual(['Text', 'Colour', 'Spacing', 'Size', 'Border', 'Shadow']);
    const plain = [...picker.options].map((option) => option.textContent);
    expect(plain).toContain('Rounded corners');
    expect(plain).not.toContain('Text size');
    expect(plain.some((text) => /^[a-z]+[A-Z]/.test(text ?? ''))).toBe(false);
    // Raw CSS is offered only under Advanced.
    const raw = [...within(advanced).getByLabelText<HTMLSelectElement>('New CSS property').options].map((o) => o.value);
    expect(raw).toContain('gridTemplateColumns');
    expect(raw).not.toContain('borderRadius');
    expect(raw).not.toContain('position');
  });

  it('keeps Advanced folded while no raw CSS is set', () => {
    render(<StyleField value={{ color: 'red' }} onChange={vi.fn()} onEnd={vi.fn()} />);
    expect(screen.getByText('Advanced (CSS)').closest('details')!.open).toBe(false);
    expect(screen.getByRole('group', { name: 'Colour style' })).toBeTruthy();
  });
});
