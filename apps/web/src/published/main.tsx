import {
  decodePopupSession,
  PUBLISHED_CONFIG_FILE,
  PUBLISHED_ERROR_CODES,
  PUBLISHED_INLINE_CONFIG_ID,
  PUBLISHED_PAGE_PATH,
  PUBLISHED_READY_TIMEOUT_MS,
  PUBLISHED_TEMPLATE_BANNER,
  publishedTemplateConfig,
} from '@liveops/domain/published';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { browserTransport, claimWithSession, randomKey } from './claim-with-session';
import { createHostBridge, takeEarlyInit } from './host-bridge';
import { loadConfig, readConfigText } from './load-config';
import { startPublishedPage } from './published-controller';
import { PublishedView } from './published-view';
import { readPublishedQuery } from './read-published-query';
import { recallClaim, rememberClaim } from './remember-claim';
import { reportPopupEvents } from './report-popup-events';
import { waitForImages } from './wait-for-images';
import './published.css';

// The published page's script (published.html, built into one self-contained file by vite.published.config.ts,
// where react is preact/compat), run by prepaint.ts. The built file reads its config.json, relative to the page;
// a page publishing wrote (decision 021) carries its config inline and its popup already drawn, which the
// renderer takes over (preact reuses the elements it would draw).
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from published.html');
const root = createRoot(container);
const query = readPublishedQuery(window.location.search);
const inline = document.getElementById(PUBLISHED_INLINE_CONFIG_ID);
// A CB_INIT the game gave before this script ran (at its web view's load-finished, decision 022) is what the
// game wants shown: the first outcome, so the game hears loaded and ready once, for its config.
const early = takeEarlyInit(window);

// The product's own copy (the modal's "static page" address) has no config.json beside it: it shows a sample
// popup marked as a template rather than "not found" (decision 029). Anywhere else a missing config.json stays an
// error the game's developer must see.
const productCopy = window.location.pathname === PUBLISHED_PAGE_PATH && !inline;
const template = { config: publishedTemplateConfig(), banner: null as HTMLElement | null };
const configFile = async () => {
  const outcome = await loadConfig(PUBLISHED_CONFIG_FILE);
  if (!productCopy || outcome.ok || outcome.code !== PUBLISHED_ERROR_CODES.notFound) return outcome;
  template.banner = document.createElement('p');
  template.banner.className = 'published-template-banner';
  template.banner.setAttribute('role', 'status');
  template.banner.textContent = PUBLISHED_TEMPLATE_BANNER;
  document.body.prepend(template.banner);
  return { ok: true, config: template.config } as const;
};

// Opened from the runtime's popupUrl (decision 036): the session in the fragment, and the claim button claims
// through the runtime by itself, and the popup tells the runtime it was shown and closed (decision 042). Without
// one (or with one that does not read), the host grants and nothing is reported, as before.
// A page reloaded after its claim shows today claimed (decision 052): its address was rewritten, or its storage
// kept the claim of this very address.
const addressed = decodePopupSession(window.location.hash);
const session = addressed && recallClaim(window, addressed, Date.now());
const transport = browserTransport();

startPublishedPage({
  config: early
    ? { ok: true, config: early.payload.config }
    : (query.config ?? (inline ? readConfigText(inline.textContent) : null)),
  params: early ? early.payload.params : query.params,
  bridge: createHostBridge(window, { bridge: query.bridge, scheme: query.scheme }),
  loadConfig: configFile,
  render: (state, actions) => {
    // A game's CB_INIT after the template: its config, no longer the template.
    if (template.banner && state.status === 'ready' && state.config !== template.config) {
      template.banner.remove();
      template.banner = null;
    }
    flushSync(() => root.render(<PublishedView state={state} actions={actions} />));
  },
  imagesLoaded: () => waitForImages(container, PUBLISHED_READY_TIMEOUT_MS),
  runtime: session && {
    session,
    claim: (idempotencyKey) => claimWithSession(session, idempotencyKey, transport),
    newKey: randomKey,
    events: reportPopupEvents({ session, transport }),
    remember: (claimed) => rememberClaim(window, session, claimed, Date.now()),
  },
});
