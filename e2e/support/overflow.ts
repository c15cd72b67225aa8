import type { Locator, Page } from 'playwright-core';

/**
 * What sticks out of the viewport sideways: the page's own scroll width past the viewport, and each visible
 * element of `root` (the whole page by default) whose box leaves it, unless an ancestor clips or scrolls it. Named
 * by tag, id and class with the start of its text, so a failure says where to look; empty when all fits.
 */
export function sticksOut(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px viewport`);
    }
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll(`${selector}, ${selector} *`))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (clipped(el) || (box.left >= -0.5 && box.right <= width + 0.5)) continue;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().replace(/\s+/g, '.')}` : '';
      problems.push(
        `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}> "${text}" spans ${Math.round(box.left)}..${Math.round(box.right)} px`,
      );
    }
    return problems;
  }, root);
}

/**
 * How many pixels of a select's chosen option do not fit: the select against a copy of it holding only that option,
 * sized by the browser to its text (same font, padding and arrow). 0 when nothing is clipped.
 */
export function clippedPixels(select: Locator): Promise<number> {
  return select.evaluate((element: HTMLSelectElement) => {
    const copy = element.cloneNode(false) as HTMLSelectElement;
    const chosen = element.selectedOptions[0];
    if (chosen) copy.append(chosen.cloneNode(true));
    copy.removeAttribute('id');
    Object.assign(copy.style, { width: 'auto', minWidth: '0', maxWidth: 'none', position: 'absolute', top: '0' });
    element.parentElement!.append(copy);
    const needed = copy.getBoundingClientRect().width;
    copy.remove();
    return Math.max(0, Math.ceil(needed - element.getBoundingClientRect().width));
  });
}
