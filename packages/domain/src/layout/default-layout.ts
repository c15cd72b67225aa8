import { SCREEN_BACKGROUND_COLOR } from './component-defaults';
import { DAILY_REWARD_CYCLE_DAYS } from '../daily-rewards/daily-reward-limits';
import { DEFAULT_GAME_THEME } from '../games/game-theme';
import type { LayoutNode, LayoutProps } from './layout';
import type { Orientation } from './popup-size';

/** The spec's default colours (the screen background is SCREEN_BACKGROUND_COLOR). */
export const ACCENT_COLOR = DEFAULT_GAME_THEME.primaryColor;
export const CLAIM_BUTTON_COLOR = '#f4b400';
/** The grid shows at most 6 days; the last day of the cycle has its own, larger card. */
export const DAILY_REWARD_GRID_DAYS = 6;

export const DEFAULT_LAYOUT_LABELS = {
  screen: 'Screen Background',
  popupFrame: 'Popup Frame',
  headerBanner: 'Header Banner',
  rewardsBody: 'Rewards Body',
  rewardsGrid: 'Rewards Grid',
  finalRewardCard: 'Final Reward Card',
  footer: 'Footer',
  /** Landscape only: the footer and the Claim button side by side. */
  footerBar: 'Footer Bar',
  claimButton: 'Claim Button',
} as const;

export const DEFAULT_LAYOUT_TEXTS = {
  title: 'Daily Bonus',
  footer: 'Come back every day for a new reward',
  claim: 'Claim Reward',
  /** What any claim button reads from the player's tap until the game answers (decision 023). */
  claimPending: 'Claiming…',
} as const;

const CARD_COLOR = '#0B2A66';
const FRAME_COLOR = '#071C4A';

const node = (id: string, type: LayoutNode['type'], label: string, props: LayoutProps, children?: LayoutNode[]) =>
  children ? { id, type, label, props, children } : { id, type, label, props };

/** How a day's card is drawn: the portrait layout's roomy cards, or the landscape row's compact ones. */
interface CardSize {
  artwork: number;
  padding: number;
  gap: number;
  radius: number;
  amountSize: 'sm' | 'md';
  /** start: a row of cards keeps its labels, artwork and amounts lined up even when one amount wraps. */
  justify: 'center' | 'start';
}

const PORTRAIT_CARD: CardSize = { artwork: 48, padding: 10, gap: 8, radius: 14, amountSize: 'md', justify: 'center' };
const LANDSCAPE_CARD: CardSize = { artwork: 40, padding: 4, gap: 4, radius: 12, amountSize: 'sm', justify: 'start' };

/**
 * One day's card: the card carries `day`, its children `bind` to the day's label, the pack's artwork and its
 * amount (the convention is LAYOUT_BINDINGS in layout.ts). The texts stored are what the editor shows before
 * a config is bound.
 */
function rewardCard(idPrefix: string, label: string, day: number, size: CardSize): LayoutNode {
  return node(
    `${idPrefix}-card`,
    'GridCB',
    label,
    {
      day,
      columns: 1,
      gap: size.gap,
      direction: 'column',
      align: 'center',
      justify: size.justify,
      wrap: false,
      padding: size.padding,
      radius: size.radius,
      backgroundColor: CARD_COLOR,
    },
    [
      node(`${idPrefix}-label`, 'TextCB', `Day ${day} Label`, {
        bind: 'day.label',
        value: `Day ${day}`,
        color: '#FFFFFF',
        size: 'sm',
        weight: 'semibold',
        align: 'center',
      }),
      node(`${idPrefix}-artwork`, 'ImageCB', `Day ${day} Artwork`, {
        bind: 'pack.image',
        type: 'source',
        src: '',
        width: size.artwork,
        height: size.artwork,
      }),
      node(`${idPrefix}-amount`, 'TextCB', `Day ${day} Amount`, {
        bind: 'pack.amount',
        value: '',
        color: ACCENT_COLOR,
        size: size.amountSize,
        weight: 'bold',
        align: 'center',
      }),
    ],
  );
}

const header = (size: 'xl' | 'lg', padding: number, radius: number) =>
  node(
    'dr-header-banner',
    'GridCB',
    DEFAULT_LAYOUT_LABELS.headerBanner,
    {
      columns: 1,
      gap: 0,
      direction: 'column',
      align: 'center',
      justify: 'center',
      wrap: false,
      padding,
      radius,
      backgroundColor: ACCENT_COLOR,
    },
    [
      node('dr-header-title', 'TextCB', 'Header Title', {
        value: DEFAULT_LAYOUT_TEXTS.title,
        color: SCREEN_BACKGROUND_COLOR,
        size,
        weight: 'bold',
        align: 'center',
      }),
    ],
  );

const footer = (align: 'center' | 'left') =>
  node('dr-footer', 'TextCB', DEFAULT_LAYOUT_LABELS.footer, {
    value: DEFAULT_LAYOUT_TEXTS.footer,
    color: '#FFFFFF',
    size: 'sm',
    weight: 'normal',
    align,
  });

const claimButton = (height: number) =>
  node('dr-claim-button', 'ButtonCB', DEFAULT_LAYOUT_LABELS.claimButton, {
    bind: 'claim',
    label: DEFAULT_LAYOUT_TEXTS.claim,
    color: CLAIM_BUTTON_COLOR,
    textColor: '#000000',
    textSize: 'md',
    radius: 12,
    width: 200,
    height,
    disabled: false,
  });

const popupFrame = (gap: number, padding: number, radius: number, children: LayoutNode[]) =>
  node(
    'dr-popup-frame',
    'GridCB',
    DEFAULT_LAYOUT_LABELS.popupFrame,
    {
      columns: 1,
      gap,
      direction: 'column',
      align: 'stretch',
      justify: 'start',
      wrap: false,
      padding,
      radius,
      backgroundColor: FRAME_COLOR,
    },
    children,
  );

/**
 * The spec's "Default generated layout": a screen background holding the Popup Frame, which holds the Header Banner
 * ("Daily Bonus"), the Rewards Body (the Rewards Grid of days 1..min(6, cycleDays), then the Final Reward Card
 * for day min(7, cycleDays)), the footer text and the Claim button. Ids are fixed, so the same cycle length and
 * orientation always give the same layout. A cycle length that is not a whole number from 1 to 7 counts as 7.
 *
 * Portrait (the spec as written): the grid has 3 columns, gap 16, and the final card sits under it. Landscape (decision
 * 023): every day in one row (the Rewards Body has a column per day, the Rewards Grid spans all but the last,
 * where the Final Reward Card sits), a compact header, and the footer beside the Claim button in a Footer Bar,
 * so the popup fits a 568×320 web view without being scaled.
 */
export function defaultDailyRewardsLayout(
  cycleDays: number = DAILY_REWARD_CYCLE_DAYS,
  orientation: Orientation = 'portrait',
): LayoutNode {
  const days =
    Number.isInteger(cycleDays) && cycleDays >= 1 && cycleDays <= DAILY_REWARD_CYCLE_DAYS
      ? cycleDays
      : DAILY_REWARD_CYCLE_DAYS;
  const gridDays = Array.from({ length: Math.min(DAILY_REWARD_GRID_DAYS, days) }, (_, i) => i + 1);
  const finalDay = Math.min(DAILY_REWARD_CYCLE_DAYS, days);
  const L = DEFAULT_LAYOUT_LABELS;
  const screen = (frame: LayoutNode) =>
    node('dr-screen', 'BackgroundCB', L.screen, { backgroundColor: SCREEN_BACKGROUND_COLOR }, [frame]);

  if (orientation === 'landscape') {
    const columns = gridDays.length + 1;
    return screen(
      popupFrame(10, 10, 20, [
        header('lg', 8, 14),
        node(
          'dr-rewards-body',
          'GridCB',
          L.rewardsBody,
          { columns, gap: 5, direction: 'row', align: 'stretch', justify: 'center', wrap: false },
          [
            node(
              'dr-rewards-grid',
              'GridCB',
              L.rewardsGrid,
              {
                columns: gridDays.length,
                gap: 5,
                direction: 'row',
                align: 'stretch',
                justify: 'center',
                wrap: false,
                style: { gridColumn: `span ${gridDays.length}` },
              },
              gridDays.map((day) => rewardCard(`dr-day-${day}`, `Day ${day} Card`, day, LANDSCAPE_CARD)),
            ),
            // As large as the other days: one row of cards whose labels and amounts line up.
            rewardCard('dr-final', L.finalRewardCard, finalDay, LANDSCAPE_CARD),
          ],
        ),
        node(
          'dr-footer-bar',
          'GridCB',
          L.footerBar,
          {
            columns: 2,
            gap: 16,
            direction: 'row',
            align: 'center',
            justify: 'center',
            wrap: false,
            style: { gridTemplateColumns: 'minmax(0, 1fr) auto' },
          },
          [footer('left'), claimButton(52)],
        ),
      ]),
    );
  }

  return screen(
    popupFrame(16, 20, 24, [
      header('xl', 12, 16),
      node(
        'dr-rewards-body',
        'GridCB',
        L.rewardsBody,
        { columns: 1, gap: 16, direction: 'column', align: 'stretch', justify: 'start', wrap: false },
        [
          node(
            'dr-rewards-grid',
            'GridCB',
            L.rewardsGrid,
            { columns: 3, gap: 16, direction: 'row', align: 'stretch', justify: 'center', wrap: true },
            gridDays.map((day) => rewardCard(`dr-day-${day}`, `Day ${day} Card`, day, PORTRAIT_CARD)),
          ),
          rewardCard('dr-final', L.finalRewardCard, finalDay, { ...PORTRAIT_CARD, artwork: 72 }),
        ],
      ),
      footer('center'),
      claimButton(56),
    ]),
  );
}
