import { type DailyRewardsParams, dayState } from '@liveops/domain/published';

/** The check mark a claimed day card carries (decision 012): one description for the renderer and the patch. */
export const DAY_CHECK = { className: 'cb-day-check', label: 'Claimed', text: '✓' } as const;

const STATE_CLASS = /\bcb-day-(?:claimed|today|upcoming)\b/;

/**
 * Gives the day cards already in `container` (markup the renderer made for other params: a published page's
 * prerendered popup) the states `params` give them, as the renderer would draw them: the card's state class and
 * data-day-state, and the check mark on claimed days only. Only the cards change; everything else the renderer
 * draws does not depend on the params.
 */
export function applyDayStates(container: ParentNode, params: DailyRewardsParams, cycleDays: number): void {
  for (const card of Array.from(container.querySelectorAll<HTMLElement>('[data-day][data-day-state]'))) {
    const state = dayState(Number(card.getAttribute('data-day')), params, cycleDays);
    if (card.getAttribute('data-day-state') === state) continue;
    card.setAttribute('data-day-state', state);
    card.className = card.className.replace(STATE_CLASS, `cb-day-${state}`);
    const check = Array.from(card.children).find((child) => child.classList.contains(DAY_CHECK.className));
    if (state !== 'claimed') {
      check?.remove();
    } else if (!check) {
      const mark = card.ownerDocument.createElement('span');
      mark.className = DAY_CHECK.className;
      mark.setAttribute('role', 'img');
      mark.setAttribute('aria-label', DAY_CHECK.label);
      mark.textContent = DAY_CHECK.text;
      card.append(mark);
    }
  }
}
