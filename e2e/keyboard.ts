/** Moving through a page with the keyboard alone: Tab and Shift+Tab until the focus is on a wanted element. */
import type { Page } from 'playwright-core';

export type Wanted = { id: string } | { role: 'tab' } | { button: string };

/**
 * Presses Tab (or Shift+Tab) until the focused element is `wanted`; fails after `max` presses.
 * The presses the page's tab order predicts go first without a look between them (a look is a
 * round trip to the browser); then one press at a time until the focus is there.
 */
export async function tabTo(page: Page, wanted: Wanted, { back = false, max = 120 } = {}): Promise<void> {
  const predicted = await page.evaluate(
    ({ w, back }) => {
      const FOCUSABLE = 'a[href],button:not(:disabled),input:not(:disabled):not([type=hidden]),select:not(:disabled),textarea:not(:disabled),[tabindex]';
      const order = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
      const from = order.indexOf(document.activeElement as HTMLElement);
      if (from < 0) return 0;
      const step = back ? -1 : 1;
      // No named helper in here: the test's compiler would wrap it in a function the page lacks.
      for (let i = from, n = 0; i >= 0 && i < order.length; i += step, n++) {
        const el = order[i];
        if ('id' in w ? el.id === w.id : 'role' in w ? el.getAttribute('role') === w.role : el.tagName === 'BUTTON' && el.textContent?.trim() === w.button) return Math.max(0, n - 1);
      }
      return 0;
    },
    { w: wanted, back },
  );
  for (let i = 0; i < predicted; i++) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  for (let i = 0; i <= max; i++) {
    const there = await page.evaluate((w) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return false;
      if ('id' in w) return el.id === w.id;
      if ('role' in w) return el.getAttribute('role') === w.role;
      return el.tagName === 'BUTTON' && el.textContent?.trim() === w.button;
    }, wanted);
    if (there) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`El teclado no llegó a ${JSON.stringify(wanted)} en ${max} pulsaciones`);
}

/** The focused tab of a tab list, then the next one with the arrow key, opened with `key`. */
export async function nextTab(page: Page, key: 'Enter' | ' ' = 'Enter'): Promise<string> {
  await tabTo(page, { role: 'tab' }, { back: true });
  await page.keyboard.press('ArrowRight');
  const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  await page.keyboard.press(key === ' ' ? 'Space' : key);
  return name;
}

/** Types into the field `id`, reached with Tab from where the focus is. */
export async function typeInto(page: Page, id: string, text: string): Promise<void> {
  await tabTo(page, { id });
  await page.keyboard.type(text);
}
