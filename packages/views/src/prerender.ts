import type { DailyRewardsParams } from '@liveops/domain/daily-rewards';
import type { EmbedConfig } from '@liveops/domain/popup';
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
 * A declaration list as an inline style holds it, made safe as one rule's body: a quote whose string does not
 * close before the end of the list (or a line break) is escaped, so it cannot run on into the `}` and the rules
 * after it (decision 032: a single quote in a style value broke the page's stylesheet); strings that close are kept
 * as they are, so `font-family: 'Press Start 2P'` still names its font, and `Bob's` becomes the identifier Bob's.
 * Braces outside a string and line breaks, which would also end the rule or a string early, are escaped too.
 */
export function closedDeclarations(declarations: string): string {
  let out = '';
  for (let i = 0; i < declarations.length; i++) {
    const char = declarations[i]!;
    const next = declarations[i + 1];
    if (char === '\\') {
      // An escape: kept with its character; a backslash with nothing (or a line break) after it stands for itself.
      if (next === undefined || next === '\n' || next === '\r' || next === '\f') out += '\\\\';
      else {
        out += char + next;
        i++;
      }
    } else if (char === '{' || char === '}') {
      out += char === '{' ? '\\7b ' : '\\7d ';
    } else if (char === '"' || char === "'") {
      let end = i + 1;
      while (end < declarations.length && declarations[end] !== char && !/[\n\r\f]/.test(declarations[end]!)) {
        end += declarations[end] === '\\' ? 2 : 1;
      }
      if (declarations[end] === char) {
        out += declarations.slice(i, end + 1);
        i = end;
      } else out += `\\${char}`;
    } else if (char === '\n' || char === '\r' || char === '\f') {
      out += ' ';
    } else out += char;
  }
  return out;
}

/**
 * The published page's popup for `config` and `params`, as the page's own renderer draws it (the same
 * DailyRewardsView, with its close button), for a server to write into the page (decision 021). A page whose
 * policy forbids inline style attributes cannot carry them, so each element's style attribute becomes an id and
 * a rule of `css` (an id selector, so it wins over the renderer's class rules as the inline style does); a `<` in
 * a value is escaped, so the stylesheet cannot close its <style> element, and a quote left open is escaped, so it
 * cannot swallow the rules after it.
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
    rules.push(`#${id}{${closedDeclarations(decode(value))}}`);
    return ` id="${id}"`;
  });
  return { markup, css: rules.join('\n').replace(/</g, '\\3c ') };
}
