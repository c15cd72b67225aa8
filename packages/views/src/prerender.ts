import type { DailyRewardsParams, EmbedConfig } from '@liveops/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DailyRewardsView } from './daily-rewards/daily-rewards-view';

/** A popup drawn ahead of time: its markup, and the stylesheet that stands for the markup's inline styles. */
export interface PrerenderedPopup {
  markup: string;
  css: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (value: string) => value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!);
const noop = () => {};

/**
 * The published page's popup for `config` and `params`, as the page's own renderer draws it (the same
 * DailyRewardsView, with its close button), for a server to write into the page (decision 021). A page whose
 * policy forbids inline style attributes cannot carry them, so each element's style attribute becomes an id and
 * a rule of `css` (an id selector, so it wins over the renderer's class rules as the inline style does); a `<` in
 * a value is escaped, so the stylesheet cannot close its <style> element.
 */
export function prerenderDailyRewards(config: EmbedConfig, params: DailyRewardsParams): PrerenderedPopup {
  const html = renderToStaticMarkup(
    createElement(DailyRewardsView, {
      config,
      packs: config.packs,
      assets: config.assets,
      params,
      onClaim: noop,
      onClose: noop,
    }),
  );
  // React's server renderer puts a <link rel="preload"> before the markup for each image; the page's <img>
  // elements load them anyway, and the popup's markup is what the page's renderer will take over.
  const body = html.replace(/^(?:<link [^>]*\/?>)+/, '');
  const rules: string[] = [];
  // Text and other attributes cannot hold ` style="`: the markup escapes their quotes.
  const markup = body.replace(/ style="([^"]*)"/g, (_match, value: string) => {
    const id = `cb-s${rules.length}`;
    rules.push(`#${id}{${decode(value)}}`);
    return ` id="${id}"`;
  });
  return { markup, css: rules.join('\n').replace(/</g, '\\3c ') };
}
