/**
 * The interactive elements of a page smaller than a 44 × 44 px finger (WCAG 2.5.5). An element
 * whose box is smaller still passes when the 44 px square around its centre hits it everywhere:
 * that is what an invisible hit frame (::after) or a taller clickable row gives.
 */
import type { Page } from 'playwright-core';

export const TARGET_PX = 44;

/** "w×h <tag> name" for each offender on the page as it is now. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((target) => {
    const INTERACTIVE = [
      'a[href]', 'button', 'input:not([type=hidden])', 'select', 'textarea', 'summary',
      '[role=button]', '[role=link]', '[role=tab]', '[role=checkbox]', '[role=radio]', '[role=switch]', '[role=menuitem]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const half = target / 2 - 1;
    const offsets = [[0, 0], [-half, -half], [half, -half], [-half, half], [half, half], [0, -half], [0, half], [-half, 0], [half, 0]];
    const seen = new Set<Element>();
    const out: string[] = [];
    for (const raw of document.querySelectorAll<HTMLElement>(INTERACTIVE)) {
      // A checkbox, radio or switch is pressed through its label: Blueprint hides the input itself.
      const el = raw instanceof HTMLInputElement && (raw.type === 'checkbox' || raw.type === 'radio') ? (raw.closest('label') ?? raw) : raw;
      if (seen.has(el)) continue;
      seen.add(el);
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('[inert]')) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      // Not drawn, visually hidden for screen readers (1 px), or off-canvas (a closed drawer).
      if (r.width <= 1 || r.height <= 1 || r.right <= 0 || r.left >= innerWidth) continue;
      if (r.width >= target && r.height >= target) continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const covered = offsets.every(([dx, dy]) => {
        const hit = document.elementFromPoint(cx + dx, cy + dy);
        return hit !== null && (hit === el || el.contains(hit));
      });
      if (covered) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      out.push(`${Math.round(r.width)}×${Math.round(r.height)} <${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`);
    }
    window.scrollTo(0, 0);
    return out;
  }, TARGET_PX);
}
