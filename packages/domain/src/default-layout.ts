import { SCREEN_BACKGROUND_COLOR } from './component-defaults';
import { DAILY_REWARD_CYCLE_DAYS } from './daily-reward-limits';
import { DEFAULT_GAME_THEME } from './game-theme';
import type { LayoutNode, LayoutProps } from './layout';

/** §9 default colours (the screen background is SCREEN_BACKGROUND_COLOR). */
export const ACCENT_COLOR = DEFAULT_GAME_THEME.primaryColor;
export const CLAIM_BUTTON_COLOR = '#f4b400';
/** §9: the grid shows at most 6 days; the last day of the cycle has its own, larger card. */
export const DAILY_REWARD_GRID_DAYS = 6;

export const DEFAULT_LAYOUT_LABELS = {
  screen: 'Screen Background',
  popupFrame: 'Popup Frame',
  headerBanner: 'Header Banner',
  rewardsBody: 'Rewards Body',
  rewardsGrid: 'Rewards Grid',
  finalRewardCard: 'Final Reward Card',
  footer: 'Footer',
  claimButton: 'Claim Button',
} as const;

export const DEFAULT_LAYOUT_TEXTS = {
  title: 'Daily Bonus',
  footer: 'Come back every day for a new reward',
  claim: 'Claim Reward',
} as const;

const CARD_COLOR = '#0B2A66';
const FRAME_COLOR = '#071C4A';

const node = (id: string, type: LayoutNode['type'], label: string, props: LayoutProps, children?: LayoutNode[]) =>
  children ? { id, type, label, props, children } : { id, type, label, props };

/**
 * One day's card: the card carries `day`, its children `bind` to the day's label, the pack's artwork and its
 * amount (the convention is LAYOUT_BINDINGS in layout.ts). The texts stored are what the editor shows before
 * a config is bound.
 */
function rewardCard(idPrefix: string, label: string, day: number, artworkSize: number): LayoutNode {
  return node(
    `${idPrefix}-card`,
    'GridCB',
    label,
    {
      day,
      columns: 1,
      gap: 8,
      direction: 'column',
      align: 'center',
      justify: 'center',
      wrap: false,
      padding: 10,
      radius: 14,
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
        width: artworkSize,
        height: artworkSize,
      }),
      node(`${idPrefix}-amount`, 'TextCB', `Day ${day} Amount`, {
        bind: 'pack.amount',
        value: '',
        color: ACCENT_COLOR,
        size: 'md',
        weight: 'bold',
        align: 'center',
      }),
    ],
  );
}

/**
 * §4 "Default generated layout": a screen background holding the Popup Frame, which holds the Header Banner
 * ("Daily Bonus"), the Rewards Body (the Rewards Grid of days 1..min(6, cycleDays), 3 columns, gap 16, then the
 * Final Reward Card for day min(7, cycleDays)), the footer text and the Claim button. Ids are fixed, so the same
 * cycle length always gives the same layout. A cycle length that is not a whole number from 1 to 7 counts as 7.
 */
export function defaultDailyRewardsLayout(cycleDays: number = DAILY_REWARD_CYCLE_DAYS): LayoutNode {
  const days =
    Number.isInteger(cycleDays) && cycleDays >= 1 && cycleDays <= DAILY_REWARD_CYCLE_DAYS
      ? cycleDays
      : DAILY_REWARD_CYCLE_DAYS;
  const gridDays = Array.from({ length: Math.min(DAILY_REWARD_GRID_DAYS, days) }, (_, i) => i + 1);
  const finalDay = Math.min(DAILY_REWARD_CYCLE_DAYS, days);
  const L = DEFAULT_LAYOUT_LABELS;
  return node('dr-screen', 'BackgroundCB', L.screen, { backgroundColor: SCREEN_BACKGROUND_COLOR }, [
    node(
      'dr-popup-frame',
      'GridCB',
      L.popupFrame,
      {
        columns: 1,
        gap: 16,
        direction: 'column',
        align: 'stretch',
        justify: 'start',
        wrap: false,
        padding: 20,
        radius: 24,
        backgroundColor: FRAME_COLOR,
      },
      [
        node(
          'dr-header-banner',
          'GridCB',
          L.headerBanner,
          {
            columns: 1,
            gap: 0,
            direction: 'column',
            align: 'center',
            justify: 'center',
            wrap: false,
            padding: 12,
            radius: 16,
            backgroundColor: ACCENT_COLOR,
          },
          [
            node('dr-header-title', 'TextCB', 'Header Title', {
              value: DEFAULT_LAYOUT_TEXTS.title,
              color: SCREEN_BACKGROUND_COLOR,
              size: 'xl',
              weight: 'bold',
              align: 'center',
            }),
          ],
        ),
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
              gridDays.map((day) => rewardCard(`dr-day-${day}`, `Day ${day} Card`, day, 48)),
            ),
            rewardCard('dr-final', L.finalRewardCard, finalDay, 72),
          ],
        ),
        node('dr-footer', 'TextCB', L.footer, {
          value: DEFAULT_LAYOUT_TEXTS.footer,
          color: '#FFFFFF',
          size: 'sm',
          weight: 'normal',
          align: 'center',
        }),
        node('dr-claim-button', 'ButtonCB', L.claimButton, {
          bind: 'claim',
          label: DEFAULT_LAYOUT_TEXTS.claim,
          color: CLAIM_BUTTON_COLOR,
          textColor: '#000000',
          textSize: 'md',
          radius: 12,
          width: 200,
          height: 56,
          disabled: false,
        }),
      ],
    ),
  ]);
}
