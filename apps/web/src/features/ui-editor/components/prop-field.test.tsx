import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type EditableField, type LayoutNode, type LayoutPropValue, UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import { PropField } from './prop-field';

const node: LayoutNode = { id: 'n', type: 'ImageCB', props: {} };

function renderField(field: EditableField, value: LayoutPropValue | undefined) {
  const onChange = vi.fn();
  const onEnd = vi.fn();
  const view = render(
    <PropField field={field} node={node} value={value} assets={[]} onChange={onChange} onEnd={onEnd} />,
  );
  const rerender = (next: LayoutPropValue | undefined) =>
    view.rerender(<PropField field={field} node={node} value={next} assets={[]} onChange={onChange} onEnd={onEnd} />);
  return { onChange, onEnd, rerender };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('PropField', () => {
  it('stores each keystroke of a text field as typing, and ends the typing on Enter and on leaving', () => {
    const { onChange, onEnd, rerender } = renderField({ name: 'value', kind: 'text', default: 'New Text' }, 'Hi');
    const input = screen.getByLabelText<HTMLInputElement>('Text');
    type(input, 'H');
    expect(onChange).toHaveBeenLastCalledWith('H', true);
    rerender('H');
    type(input, 'Ho');
    expect(onChange).toHaveBeenLastCalledWith('Ho', true);
    rerender('Ho');
    type(input, '');
    expect(onChange).toHaveBeenLastCalledWith(undefined, true);
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(onEnd).toHaveBeenCalledTimes(2);
  });

  it('keeps a half-typed number out of the document, says so, and keeps what was typed while it reads the same', () => {
    const { onChange, rerender } = renderField({ name: 'width', kind: 'number', default: 48 }, 200);
    const input = screen.getByLabelText<HTMLInputElement>('Width');
    type(input, '-');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(UI_EDITOR_MESSAGES.numberInvalid)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    type(input, '-1');
    expect(onChange).toHaveBeenLastCalledWith(-1, true);
    expect(screen.queryByText(UI_EDITOR_MESSAGES.numberInvalid)).toBeNull();
    rerender(-1);
    type(input, '-1.');
    // "-1." is the stored -1: nothing to store, and the text typed stays as typed.
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender(-1);
    expect(input.value).toBe('-1.');
    type(input, '-1.5');
    expect(onChange).toHaveBeenLastCalledWith(-1.5, true);
    rerender(-1.5);
    expect(input.value).toBe('-1.5');
    type(input, '-1.5x');
    fireEvent.blur(input);
    // Leaving shows the stored value again, with the reason the last text was not kept.
    expect(input.value).toBe('-1.5');
    expect(screen.getByText(UI_EDITOR_MESSAGES.numberInvalid)).toBeTruthy();
  });

  it('takes a stored value changed from elsewhere (undo) over the text being typed', () => {
    const { rerender } = renderField({ name: 'color', kind: 'color', default: '#FFFFFF' }, '#ff0000');
    const input = screen.getByLabelText<HTMLInputElement>('Color');
    type(input, '#00');
    expect(screen.getByText(UI_EDITOR_MESSAGES.colorInvalid)).toBeTruthy();
    rerender('#123456');
    expect(input.value).toBe('#123456');
    expect(screen.queryByText(UI_EDITOR_MESSAGES.colorInvalid)).toBeNull();
  });

  it('stores a colour once it reads as one, trimmed, and a half-typed one not at all', () => {
    const { onChange, onEnd } = renderField({ name: 'color', kind: 'color', default: '#FFFFFF' }, '#ff0000');
    const input = screen.getByLabelText<HTMLInputElement>('Color');
    for (const text of ['#', '#0', '#00']) type(input, text);
    expect(onChange).not.toHaveBeenCalled();
    type(input, '#00f ');
    expect(onChange).toHaveBeenLastCalledWith('#00f', true);
    // The picker is typing too, and leaving it ends the typing.
    const picker = screen.getByLabelText<HTMLInputElement>('Color picker');
    expect(picker.value).toBe('#ff0000');
    fireEvent.change(picker, { target: { value: '#00ff00' } });
    expect(onChange).toHaveBeenLastCalledWith('#00ff00', true);
    fireEvent.blur(picker);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('shows a #rgb colour in the picker spelt out', () => {
    renderField({ name: 'color', kind: 'color', default: '#FFFFFF' }, '#0a3');
    expect(screen.getByLabelText<HTMLInputElement>('Color picker').value).toBe('#00aa33');
  });

  it('stores all four sides of a slice when one is typed, and refuses a side that is not a number', () => {
    const field: EditableField = {
      name: 'slice',
      kind: 'slice',
      default: { top: 0, right: 0, bottom: 0, left: 0 },
    };
    const { onChange } = renderField(field, undefined);
    const top = screen.getByLabelText<HTMLInputElement>('Top');
    type(top, '1');
    expect(onChange).toHaveBeenLastCalledWith({ top: 1, right: 0, bottom: 0, left: 0 }, true);
    type(screen.getByLabelText('Left'), 'x');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByText(UI_EDITOR_MESSAGES.numberInvalid)).toBeTruthy();
  });

  it('commits a select at once, not as typing', () => {
    const { onChange } = renderField(
      { name: 'animation', kind: 'select', options: ['none', 'pulse'], default: 'none' },
      undefined,
    );
    fireEvent.change(screen.getByLabelText('Animation'), { target: { value: 'pulse' } });
    expect(onChange).toHaveBeenLastCalledWith('pulse');
  });

  it("shows a colour that follows the game's theme as it renders, says why, and follows another on request", () => {
    const onChange = vi.fn();
    const onFollow = vi.fn();
    render(
      <PropField
        field={{ name: 'color', kind: 'color', default: '#FFFFFF' }}
        node={{ id: 't', type: 'TextCB', props: { color: '#FFE16D' } }}
        value="#FFE16D"
        assets={[]}
        onChange={onChange}
        onEnd={vi.fn()}
        colorSource={{ theme: { role: 'primary', rendered: '#3366FF' }, onFollow }}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Color').value).toBe('#3366FF');
    expect(
      screen.getByText(UI_EDITOR_MESSAGES.showsThemeColor('#3366FF', UI_EDITOR_MESSAGES.themeColorNames.primary)),
    ).toBeTruthy();
    const source = screen.getByLabelText<HTMLSelectElement>('Color source');
    expect(source.value).toBe('primary');
    fireEvent.change(source, { target: { value: '' } });
    expect(onFollow).toHaveBeenLastCalledWith(null);
    fireEvent.change(source, { target: { value: 'secondary' } });
    expect(onFollow).toHaveBeenLastCalledWith('secondary');
  });

  it('says what a bound field shows and offers the way back to the binding', () => {
    const onRestore = vi.fn();
    render(
      <PropField
        field={{ name: 'value', kind: 'text', default: 'New Text' }}
        node={{ id: 't', type: 'TextCB', props: { value: 'Mine', bind: 'pack.amount' } }}
        value="Mine"
        assets={[]}
        onChange={vi.fn()}
        onEnd={vi.fn()}
        note={{
          text: 'Shows its own text.',
          restore: { label: "Use the day's pack amount", props: { value: undefined } },
        }}
        onRestore={onRestore}
        placeholder="×2"
      />,
    );
    screen.getByText('Shows its own text.');
    expect(screen.getByLabelText<HTMLInputElement>('Text').placeholder).toBe('×2');
    fireEvent.click(screen.getByRole('button', { name: "Use the day's pack amount" }));
    expect(onRestore).toHaveBeenCalledWith({ value: undefined });
  });
});
