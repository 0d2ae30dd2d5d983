/**
 * axe-core in the page as it is now: the serious and critical violations fail the test, the rest
 * are printed. Shared by every browser test that checks a screen state (a11y, issue 36).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode { target: string[]; html: string }
interface AxeViolation { id: string; impact: string | null; help: string; nodes: AxeNode[] }

export async function assertAccessible(page: Page, screen: string): Promise<void> {
  // An overlay still fading in would be measured half transparent: transitions end at once, then
  // every overlay must be fully opaque.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.bp6-overlay-content')].every((el) => getComputedStyle(el).opacity === '1' && !/-(enter|exit)-active/.test(el.className)),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const res = await axe.run(document, { resultTypes: ['violations'] });
    return res.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 160) })) }));
  });
  const describe = (v: AxeViolation) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')}  ${n.html}`).join('\n')}`;
  const minor = violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length) console.log(`axe (${screen}), menores:\n${minor.map(describe).join('\n')}`);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.equal(blocking.length, 0, `axe en ${screen}:\n${blocking.map(describe).join('\n')}`);
}
