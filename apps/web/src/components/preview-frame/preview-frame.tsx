import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  CANVAS_PRESETS,
  canvasDensity,
  canvasPresetName,
  type CanvasSize,
  DEFAULT_CANVAS_SIZE,
  fitScale,
  PREVIEW_MIN_HEIGHT,
  UI_EDITOR_MESSAGES,
} from '@liveops/domain/layout';
import { VIEWS_CSS } from '@liveops/views';
import { CanvasSideInput } from './canvas-side-input';
import { IsolatedFrame } from './isolated-frame';
import { useElementSize } from './use-element-size';
import './preview-frame.css';

/** Room kept around the scaled canvas inside the stage, in CSS pixels. */
const STAGE_PADDING = 16;
/** Zoom levels besides Fit: the popup at this share of the CSS size its device lays it out at. */
export const PREVIEW_ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
type Zoom = 'fit' | (typeof PREVIEW_ZOOMS)[number];

/**
 * The preview frame, shared by the emulator and the UI editor: a preset dropdown and W and H inputs above a stage
 * where the content renders in its own document (IsolatedFrame) at the CSS size a W×H device lays it out at
 * (W×H device pixels over the screen's density, decision 014: 1080×1920 is 360×640) and is scaled to fit, aspect
 * kept (the canvas shows at min(available width / W, available height / H) of its device pixels, the stage
 * at least 420 px tall), following every resize of the stage.
 */
export function PreviewFrame({
  title,
  defaultSize = DEFAULT_CANVAS_SIZE,
  onSizeChange,
  zoomable = false,
  src,
  onFrameMessage,
  children,
}: {
  /** The frame's accessible name ("Daily reward preview"). */
  title: string;
  defaultSize?: CanvasSize;
  /**
   * Offers Zoom instead of the scale: Fit, or 50–200 % of the popup's size on its device (100 %: as large as a
   * player sees it), the stage scrolling when it does not fit (decision 028).
   */
  zoomable?: boolean;
  onSizeChange?: (size: CanvasSize) => void;
  /**
   * A page to show instead of children, at the device's size (the Emulator's test player plays the published popup
   * from its popupUrl, decision 040); what it posts to its parent goes to onFrameMessage.
   */
  src?: string;
  onFrameMessage?: (message: unknown) => void;
  children?: ReactNode;
}) {
  const [size, setSize] = useState<CanvasSize>(defaultSize);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const stageRef = useRef<HTMLDivElement>(null);
  const stage = useElementSize(stageRef);
  const pageRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!onFrameMessage) return;
    const listener = (event: MessageEvent) => {
      if (pageRef.current && event.source === pageRef.current.contentWindow) onFrameMessage(event.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [onFrameMessage]);

  const change = (next: CanvasSize) => {
    setSize(next);
    onSizeChange?.(next);
  };
  const presetIndex = CANVAS_PRESETS.findIndex((p) => p.width === size.width && p.height === size.height);
  const density = canvasDensity(size);
  const fit =
    stage.width > 0
      ? fitScale(stage.width - 2 * STAGE_PADDING, stage.height - 2 * STAGE_PADDING, size.width, size.height)
      : 0;
  const scale = zoomable && zoom !== 'fit' ? zoom / density : fit;
  const frameStyle = {
    width: size.width / density,
    height: size.height / density,
    transform: `scale(${scale * density})`,
  };

  return (
    <div className="preview-frame">
      <div className="preview-toolbar">
        <select
          aria-label="Preset"
          className="input preview-preset"
          value={presetIndex === -1 ? '' : String(presetIndex)}
          onChange={(event) => {
            const preset = CANVAS_PRESETS[Number(event.target.value)];
            if (preset) change({ width: preset.width, height: preset.height });
          }}
        >
          <option value="" disabled>
            Select a preset
          </option>
          {CANVAS_PRESETS.map((preset, index) => (
            <option key={canvasPresetName(preset)} value={String(index)}>
              {canvasPresetName(preset)}
            </option>
          ))}
        </select>
        {/* W and H wrap together, never H alone on a line (decision 056). */}
        <span className="preview-sides">
          <CanvasSideInput
            key={`w${size.width}`}
            label="W"
            name="Width"
            value={size.width}
            onCommit={(width) => change({ ...size, width })}
          />
          <CanvasSideInput
            key={`h${size.height}`}
            label="H"
            name="Height"
            value={size.height}
            onCommit={(height) => change({ ...size, height })}
          />
        </span>
        {zoomable ? (
          <select
            aria-label={UI_EDITOR_MESSAGES.zoom}
            className="input preview-zoom"
            value={String(zoom)}
            onChange={(event) => {
              const next = PREVIEW_ZOOMS.find((z) => String(z) === event.target.value);
              setZoom(next ?? 'fit');
            }}
          >
            <option value="fit">{UI_EDITOR_MESSAGES.zoomFit(Math.round(fit * density * 100))}</option>
            {PREVIEW_ZOOMS.map((z) => (
              <option key={z} value={String(z)}>
                {Math.round(z * 100)}%
              </option>
            ))}
          </select>
        ) : (
          <span className="preview-scale muted" aria-label="Scale">
            {Math.round(scale * 100)}%
          </span>
        )}
      </div>
      <div
        ref={stageRef}
        className={`preview-stage${scale > fit ? ' is-zoomed' : ''}`}
        style={{ minHeight: PREVIEW_MIN_HEIGHT }}
      >
        <div
          className="preview-canvas"
          data-testid="preview-canvas"
          style={{ width: size.width * scale, height: size.height * scale }}
        >
          {src === undefined ? (
            <IsolatedFrame title={title} css={VIEWS_CSS} className="preview-iframe" style={frameStyle}>
              {children}
            </IsolatedFrame>
          ) : (
            // A new frame for each address, as a game opens each popupUrl afresh: the page rewrites its own address
            // after a claim (decision 052), so a new popupUrl that differs from it only after the # would otherwise
            // scroll the old page instead of loading the new one.
            <iframe key={src} ref={pageRef} title={title} src={src} className="preview-iframe" style={frameStyle} />
          )}
        </div>
      </div>
    </div>
  );
}
