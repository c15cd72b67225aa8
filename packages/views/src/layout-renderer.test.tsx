import type { LayoutNode } from '@liveops/domain/layout';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LayoutRenderer } from './layout-renderer';

const root = (...children: LayoutNode[]): LayoutNode => ({ id: 'root', type: 'Root', props: {}, children });
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('LayoutRenderer', () => {
  it('renders a text value with markup as the characters typed, creating no element from it', () => {
    const value = '<img src=x onerror=alert(1)>';
    const { container } = render(<LayoutRenderer layout={root({ id: 't', type: 'TextCB', props: { value } })} />);
    expect(screen.getByText(value).textContent).toBe(value);
    expect(container.querySelector('img')).toBeNull();
  });

  it('falls back to the defaults of the spec for props a node does not set or sets to something it cannot use', () => {
    render(
      <LayoutRenderer
        layout={root(
          { id: 't', type: 'TextCB', props: { size: 'huge', color: 'red;background:url(x)' } },
          { id: 'b', type: 'ButtonCB', props: { width: 'wide' } },
        )}
      />,
    );
    const text = screen.getByText('New Text');
    expect(text.style.fontSize).toBe('16px');
    expect(text.style.color).toBe('rgb(255, 255, 255)');
    const button = screen.getByRole('button', { name: 'Button' });
    expect(button.style.width).toBe('200px');
    expect(button.style.height).toBe('56px');
  });

  it('never puts a javascript: source into the DOM, even from a layout that skipped the schema', () => {
    const evil = 'javascript:alert(1)';
    const layout: LayoutNode = {
      id: 'bg',
      type: 'BackgroundCB',
      props: { src: evil, style: { background: `url(${evil})`, position: 'fixed' } },
      children: [
        { id: 'img', type: 'ImageCB', props: { src: evil } },
        { id: 'patch', type: 'ImageCB', props: { src: evil, ninePatch: true } },
        { id: 'btn', type: 'ButtonCB', props: { fillImage: evil, label: 'Go' } },
        { id: 'protocol-relative', type: 'ImageCB', props: { src: '//evil.example/x.png' } },
      ],
    };
    const { container } = render(<LayoutRenderer layout={layout} />);
    expect(container.innerHTML).not.toMatch(/javascript:|evil\.example/i);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('.cb-image-placeholder')).toHaveLength(3);
    expect((container.querySelector('[data-node-id="bg"]') as HTMLElement).style.position).toBe('');
  });

  it('resolves asset: references through the assets given, and shows a placeholder for an unknown one', () => {
    const { container } = render(
      <LayoutRenderer
        layout={root(
          { id: 'known', type: 'ImageCB', props: { src: 'asset:abc12345', width: 64, height: 32 } },
          { id: 'unknown', type: 'ImageCB', props: { src: 'asset:missing1' } },
        )}
        assets={[{ assetId: 'abc12345', url: 'https://cdn.example/coin.png' }]}
      />,
    );
    const image = container.querySelector('[data-node-id="known"]') as HTMLImageElement;
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('https://cdn.example/coin.png');
    expect(image.style.width).toBe('64px');
    const unknown = container.querySelector('[data-node-id="unknown"]') as HTMLElement;
    expect(unknown.tagName).toBe('DIV');
    expect(unknown.className).toContain('cb-image-placeholder');
  });

  it('draws a nine-patch image as a border image sliced by the slice prop', () => {
    const { container } = render(
      <LayoutRenderer
        layout={root({
          id: 'frame',
          type: 'ImageCB',
          props: { src: PNG, ninePatch: true, slice: { top: 10, right: 12, bottom: 14, left: 16 } },
        })}
      />,
    );
    const frame = container.querySelector('[data-node-id="frame"]') as HTMLElement;
    expect(frame.tagName).toBe('DIV');
    expect(frame.style.borderImageSlice).toBe('10 12 14 16 fill');
    expect(frame.style.borderWidth).toBe('10px 12px 14px 16px');
  });

  it('applies the image fill, animation, grid columns and safe style props and classes', () => {
    const { container } = render(
      <LayoutRenderer
        layout={root({
          id: 'grid',
          type: 'GridCB',
          props: { columns: 4, gap: 8, className: 'promo wide', style: { opacity: 0.5 } },
          children: [
            { id: 'fill', type: 'ImageCB', props: { type: 'fill', fillColor: '#FF0000', animation: 'pulse' } },
          ],
        })}
      />,
    );
    const grid = container.querySelector('[data-node-id="grid"]') as HTMLElement;
    expect(grid.style.gridTemplateColumns).toBe('repeat(4, minmax(0, 1fr))');
    expect(grid.style.opacity).toBe('0.5');
    expect(grid.className).toBe('cb-grid promo wide');
    const fill = container.querySelector('[data-node-id="fill"]') as HTMLElement;
    expect(fill.style.backgroundColor).toBe('rgb(255, 0, 0)');
    expect(fill.className).toContain('cb-anim-pulse');
  });

  it('reports the innermost node clicked and hovered, and outlines the selected one', () => {
    const onNodeClick = vi.fn();
    const onNodeHover = vi.fn();
    const { container } = render(
      <LayoutRenderer
        layout={root({ id: 'grid', type: 'GridCB', props: {}, children: [{ id: 't', type: 'TextCB', props: {} }] })}
        selectedId="grid"
        onNodeClick={onNodeClick}
        onNodeHover={onNodeHover}
      />,
    );
    fireEvent.click(screen.getByText('New Text'));
    expect(onNodeClick.mock.calls).toEqual([['t']]);
    fireEvent.mouseOver(screen.getByText('New Text'));
    expect(onNodeHover).toHaveBeenLastCalledWith('t');
    expect(container.querySelector('[data-node-id="grid"]')!.className).toContain('cb-selected');
  });

  it('re-renders only the nodes on the path to an edited node, and none when the selection moves', () => {
    const texts = Array.from({ length: 50 }, (_, i): LayoutNode => ({ id: `t${i}`, type: 'TextCB', props: {} }));
    const grid: LayoutNode = { id: 'grid', type: 'GridCB', props: {}, children: texts };
    const layout = root(grid);
    const decorate = vi.fn(() => undefined);
    // As in the editor, which always listens for clicks on the preview.
    const onNodeClick = vi.fn();
    const { rerender, container } = render(
      <LayoutRenderer layout={layout} decorate={decorate} onNodeClick={onNodeClick} />,
    );
    expect(decorate).toHaveBeenCalledTimes(52);

    decorate.mockClear();
    const edited = texts.map((t, i) => (i === 7 ? { ...t, props: { value: 'Edited' } } : t));
    const next = root({ ...grid, children: edited });
    rerender(<LayoutRenderer layout={next} decorate={decorate} onNodeClick={onNodeClick} />);
    expect(decorate.mock.calls.map((call: unknown[]) => (call[0] as LayoutNode).id)).toEqual(['root', 'grid', 't7']);
    expect(screen.getByText('Edited')).toBeTruthy();

    decorate.mockClear();
    rerender(
      <LayoutRenderer layout={next} decorate={decorate} onNodeClick={onNodeClick} selectedId="t9" hoveredId="t3" />,
    );
    expect(decorate).not.toHaveBeenCalled();
    expect(container.querySelector('[data-node-id="t9"]')!.className).toContain('cb-selected');
    expect(container.querySelector('[data-node-id="t3"]')!.className).toContain('cb-hovered');
    expect(container.querySelectorAll('.cb-selected, .cb-hovered')).toHaveLength(2);
  });
});
