import {
  PUBLISHED_CONFIG_FILE,
  PUBLISHED_INLINE_CONFIG_ID,
  PUBLISHED_PRERENDER_CYCLE_ATTRIBUTE,
  PUBLISHED_READY_TIMEOUT_MS,
} from '@liveops/domain/published';
import { applyDayStates, applyFitScales } from '@liveops/views';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterFirstPaint } from './after-first-paint';
import { createHostBridge } from './host-bridge';
import { loadConfig, readConfigText } from './load-config';
import { startPublishedPage } from './published-controller';
import { PublishedView } from './published-view';
import { readPublishedQuery } from './read-published-query';
import { waitForImages } from './wait-for-images';
import './published.css';

// The published page's entry (published.html, built into one self-contained file by vite.published.config.ts,
// where react is preact/compat). The built file reads its config.json, relative to the page; a page publishing
// wrote (decision 021) carries its config inline and its popup already drawn.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from published.html');
const query = readPublishedQuery(window.location.search);
const inline = document.getElementById(PUBLISHED_INLINE_CONFIG_ID);
const cycleDays = Number(container.getAttribute(PUBLISHED_PRERENDER_CYCLE_ATTRIBUTE));
// The prerendered popup is the inline config's, drawn for a streak of 0 and unscaled: shown as it is unless the
// address brings another config; before it is painted, the day cards take the player's streak and the popup is
// fitted to the web view.
const prerendered = query.config === null && inline !== null && cycleDays > 0;
if (prerendered) {
  applyDayStates(container, query.params, cycleDays);
  applyFitScales(container);
}

const start = () => {
  // The renderer takes over the markup there is (preact reuses the elements it would draw).
  const root = createRoot(container);
  startPublishedPage({
    config: query.config ?? (inline ? readConfigText(inline.textContent ?? '') : null),
    params: query.params,
    bridge: createHostBridge(window, { bridge: query.bridge, scheme: query.scheme }),
    loadConfig: () => loadConfig(PUBLISHED_CONFIG_FILE),
    render: (state, actions) => flushSync(() => root.render(<PublishedView state={state} actions={actions} />)),
    imagesLoaded: () => waitForImages(container, PUBLISHED_READY_TIMEOUT_MS),
  });
};
// A prerendered popup is painted first; rendering it again before that would only delay it.
if (prerendered) afterFirstPaint(start);
else start();
