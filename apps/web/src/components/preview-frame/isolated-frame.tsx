import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** The frame document's own base: the content fills it, nothing of a browser's default margins shows. */
const FRAME_BASE_CSS = 'html,body,#root{margin:0;width:100%;height:100%;overflow:hidden;background:transparent}';

/**
 * Renders children into an iframe's own document, so the dashboard's stylesheet (its resets, `p`, `button`,
 * element selectors) cannot reach the player's popup and the popup's CSS cannot leak out: the preview shows what
 * the embed page shows. An iframe rather than a shadow root because inherited properties (font, colour, line
 * height) and rem units still cross a shadow boundary, and the popup is sized in CSS pixels of its own viewport.
 *
 * No src and no srcdoc: the iframe keeps its initial about:blank document, which is same-origin with the
 * dashboard and inherits its CSP (style-src 'unsafe-inline' allows the injected <style>; no script runs in it:
 * React renders into it through a portal from this window). Firefox replaces that document once it loads, so the
 * set-up runs again on load.
 */
export function IsolatedFrame({
  title,
  css,
  className,
  style,
  children,
}: {
  title: string;
  /** A stylesheet for the frame's head (VIEWS_CSS). */
  css: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const iframe = frameRef.current;
    if (!iframe) return;
    let preparedFor: Document | null = null;
    const prepare = () => {
      const doc = iframe.contentDocument;
      if (!doc || doc === preparedFor) return;
      preparedFor = doc;
      doc.documentElement.lang = document.documentElement.lang || 'en';
      const sheet = doc.createElement('style');
      sheet.textContent = `${FRAME_BASE_CSS}\n${css}`;
      doc.head.replaceChildren(sheet);
      const root = doc.createElement('div');
      root.id = 'root';
      doc.body.replaceChildren(root);
      setMount(root);
    };
    prepare();
    iframe.addEventListener('load', prepare);
    return () => iframe.removeEventListener('load', prepare);
  }, [css]);

  return (
    <>
      <iframe ref={frameRef} title={title} className={className} style={style} />
      {mount ? createPortal(children, mount) : null}
    </>
  );
}
