import { checkEmbedConfig, type DailyRewardsParams, type EmbedConfig } from '@liveops/domain/published';
import { defaultDailyRewardsLayout, type LayoutNode } from '@liveops/domain/layout';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyDayStates } from './daily-rewards/day-check';
import { DailyRewardsView } from './daily-rewards/daily-rewards-view';
import { closedDeclarations, prerenderDailyRewards } from './prerender';
import { VIEWS_CSS } from './styles';

const config = (cycleDays: number): EmbedConfig =>
  checkEmbedConfig({
    id: 'dr1',
    name: 'Launch Week',
    cycleDays,
    rewards: Array.from({ length: cycleDays }, (_, i) => ({
      day: i + 1,
      packId: i === cycleDays - 1 ? 'big' : 'small',
    })),
    uiTheme: { primaryColor: '#22C55E', secondaryColor: '#0F172A' },
    packs: [
      { id: 'small', name: 'Small "Chest" <b>', value: 1, contents: [{ itemId: 'g', quantity: 100 }], iconId: 'coin' },
      {
        id: 'big',
        name: 'Big Chest',
        value: 2,
        amount: 500,
        assetUrl: 'https://cdn.example/big.png?a=1&b=2',
        iconId: null,
      },
    ],
    assets: [],
  })!;

/** Markup as a document holds it (attributes, entities and text as a parser reads them). */
const parsed = (markup: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder;
};

describe('prerenderDailyRewards', () => {
  it('draws what the renderer draws, with each inline style moved to an id rule of its stylesheet', () => {
    const c = config(7);
    const { markup, css } = prerenderDailyRewards(c, { streak: 2 });
    const { container } = render(
      <DailyRewardsView config={c} packs={c.packs} assets={c.assets} params={{ streak: 2 }} onClose={() => {}} />,
    );
    const pre = parsed(markup);
    // Every element keeps its place, tag, classes and attributes; the style becomes an id whose rule says it.
    const live = Array.from(container.querySelectorAll('*'));
    const drawn = Array.from(pre.querySelectorAll('*'));
    expect(drawn.map((el) => el.tagName + '.' + el.className)).toEqual(
      live.map((el) => el.tagName + '.' + el.className),
    );
    expect(pre.textContent).toBe(container.textContent);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const rules = new Map(
      Array.from(sheet.cssRules).map((rule) => [(rule as CSSStyleRule).selectorText, rule as CSSStyleRule]),
    );
    drawn.forEach((el, i) => {
      const twin = live[i]!;
      expect(el.getAttribute('class')).toBe(twin.getAttribute('class'));
      expect(el.getAttribute('data-day-state')).toBe(twin.getAttribute('data-day-state'));
      const style = (twin as HTMLElement).style;
      if (style.length === 0) return expect(el.id).toBe('');
      const rule = rules.get(`#${el.id}`)!;
      for (const name of Array.from({ length: style.length }, (_, k) => style.item(k)))
        expect(rule.style.getPropertyValue(name)).toBe(style.getPropertyValue(name));
    });
    // The renderer's own stylesheet is the page's, in its head: the markup carries no second copy.
    expect(markup).not.toContain('<style');
    expect(markup).not.toContain(VIEWS_CSS.slice(0, 40));
    expect(css).not.toContain('<');
  });

  it('becomes, with applyDayStates, what it would be for any streak or todayIndex', () => {
    for (const cycleDays of [7, 3]) {
      const c = config(cycleDays);
      const base = prerenderDailyRewards(c, { streak: 0 }).markup;
      const params: DailyRewardsParams[] = [
        ...Array.from({ length: 9 }, (_, streak) => ({ streak })),
        ...Array.from({ length: 9 }, (_, i) => ({ streak: 4, todayIndex: i + 1 })),
      ];
      for (const p of params) {
        const adjusted = parsed(base);
        applyDayStates(adjusted, p, cycleDays);
        expect(adjusted.innerHTML, JSON.stringify({ cycleDays, p })).toBe(
          parsed(prerenderDailyRewards(c, p).markup).innerHTML,
        );
      }
    }
  });

  it('keeps every rule when a style value holds a lone quote (decision 032), and names a quoted font as it was', () => {
    const layout = defaultDailyRewardsLayout(7);
    const styled = (node: LayoutNode, style: Record<string, string>): LayoutNode => ({
      ...node,
      props: { ...node.props, style: { ...(node.props.style as object), ...style } },
    });
    const frame = layout.children![0]!;
    const withQuotes: LayoutNode = {
      ...layout,
      props: { ...layout.props, style: { fontFamily: "Bob's Font", color: 'red' } },
      children: [styled(frame, { fontFamily: "'Press Start 2P', monospace" }), ...layout.children!.slice(1)],
    };
    const c = { ...config(7), uiLayout: withQuotes };
    const { markup, css } = prerenderDailyRewards(c, { streak: 1 });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const ids = Array.from(parsed(markup).querySelectorAll('[id^="cb-s"]')).map((el) => `#${el.id}`);
    // Before: the quote opened a string that ran over the rule's end, and the rules after it were lost.
    expect(Array.from(sheet.cssRules).map((rule) => (rule as CSSStyleRule).selectorText)).toEqual(ids);
    const rules = Array.from(sheet.cssRules) as CSSStyleRule[];
    expect(rules.some((rule) => rule.style.getPropertyValue('color') === 'red')).toBe(true);
    expect(rules.some((rule) => rule.style.getPropertyValue('font-family').includes('Press Start 2P'))).toBe(true);
  });

  it('escapes what would end a rule or a string early, and keeps strings that close', () => {
    expect(closedDeclarations("font-family:Bob's;color:red")).toBe("font-family:Bob\\'s;color:red");
    expect(closedDeclarations("font-family:'A B', serif")).toBe("font-family:'A B', serif");
    expect(closedDeclarations('content:"a\nb"')).toBe('content:\\"a b\\"');
    expect(closedDeclarations('width:1px}body{color:red')).toBe('width:1px\\7d body\\7b color:red');
    expect(closedDeclarations('color:red\\')).toBe('color:red\\\\');
  });
});
