import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import postcss from 'postcss';
import { criticalBlueprint, drawnFirst, SHEET_PARTS, splitSheet } from './critical-css';

const BLUEPRINT = readFileSync(createRequire(import.meta.url).resolve('@blueprintjs/core/lib/css/blueprint.css'), 'utf8');
/** The classes a stylesheet's selectors require (one named inside `:not()` is one an element lacks). */
const classesIn = (css: string) => new Set([...css.replace(/:not\([^()]*\)/g, '').matchAll(/\.(bp6-[\w-]+)/g)].map((m) => m[1]));

describe("Blueprint's critical part", () => {
  const critical = criticalBlueprint(BLUEPRINT);

  it('keeps what the sign-in and loading screens draw, with the spinner animation', () => {
    for (const selector of ['.bp6-button', '.bp6-input-group', '.bp6-form-group', '.bp6-card', '.bp6-callout', '.bp6-spinner', '.bp6-non-ideal-state', '.bp6-tooltip', '.bp6-heading']) {
      expect(critical, selector).toContain(`${selector}{`);
    }
    expect(critical).toMatch(/@keyframes pt-spinner-animation/);
    expect(critical).toContain('--bp-intent-primary-rest');
  });

  it("keeps what the shell and the captaciones list draw, so a field agent's list needs nothing more", () => {
    for (const selector of ['.bp6-navbar', '.bp6-breadcrumbs', '.bp6-menu', '.bp6-tag', '.bp6-html-table', '.bp6-button-group', '.bp6-drawer']) {
      expect(critical, selector).toContain(`${selector}{`);
    }
  });

  it('leaves out the rest: other components, dark areas, vertical groups', () => {
    const classes = classesIn(critical);
    for (const absent of ['bp6-dark', 'bp6-vertical', 'bp6-dialog', 'bp6-alert', 'bp6-html-select', 'bp6-toast', 'bp6-tabs', 'bp6-control']) {
      expect(classes.has(absent), absent).toBe(false);
    }
    expect([...classes].filter((c) => !drawnFirst(c))).toEqual([]);
    expect(critical.length).toBeLessThan(BLUEPRINT.length / 2);
  });

  it('splits a selector list, keeps an at-rule only with something inside and an animation only when named', () => {
    const css = [
      '.bp6-button, .bp6-dialog .bp6-button { color: red; }',
      '@media (forced-colors: active) { .bp6-toast { color: blue; } }',
      '@media (min-width: 10px) { .bp6-card { animation: girar 1s; } .bp6-alert { color: green; } }',
      '@keyframes girar { to { opacity: 1; } }',
      '@keyframes otra { to { opacity: 0; } }',
      'body { margin: 0; }',
    ].join('\n');
    const out = criticalBlueprint(css).replace(/\s+/g, ' ');
    expect(out).toContain('.bp6-button { color: red; }');
    expect(out).not.toContain('dialog');
    expect(out).not.toContain('forced-colors');
    expect(out).toContain('@media (min-width: 10px) { .bp6-card { animation: girar 1s; } }');
    expect(out).toContain('@keyframes girar');
    expect(out).not.toContain('otra');
    expect(out).toContain('body { margin: 0; }');
  });

  it('keeps a rule whose only missing class is one the element must lack', () => {
    const css = '.bp6-button-group:not(.bp6-vertical) > .bp6-button { margin-right: -1px; } .bp6-button-group.bp6-vertical > .bp6-button { margin: 0; }';
    const out = criticalBlueprint(css).replace(/\s+/g, ' ');
    expect(out).toContain('.bp6-button-group:not(.bp6-vertical) > .bp6-button { margin-right: -1px; }');
    expect(out).not.toContain('.bp6-button-group.bp6-vertical');
  });

  it("keeps an outlined button's rules, which must follow the intent's it repeats after the whole sheet", () => {
    // The whole sheet's parts come before the entry's sheet: left out, '.bp6-button.bp6-outlined'
    // (background: none) lost to the first paint's '.bp6-button.bp6-intent-primary' (issue 36).
    const flat = critical.replace(/\s+/g, ' ');
    const intent = flat.indexOf('.bp6-button.bp6-intent-primary{');
    const outlined = flat.indexOf('.bp6-button.bp6-outlined{');
    expect(intent).toBeGreaterThanOrEqual(0);
    expect(outlined).toBeGreaterThan(intent);
  });
});

describe("Blueprint's whole sheet in pieces", () => {
  const parts = splitSheet(BLUEPRINT, SHEET_PARTS);
  const rulesOf = (css: string) => postcss.parse(css).nodes.filter((n) => !(n.type === 'atrule' && n.name === 'charset')).map((n) => n.toString());

  it('has every rule of the sheet once, in its order, so the cascade is the single sheet\'s', () => {
    expect(parts).toHaveLength(SHEET_PARTS);
    expect(parts.flatMap(rulesOf)).toEqual(rulesOf(BLUEPRINT));
  });

  it('cuts between whole rules into pieces of about the same size, each starting with the charset', () => {
    const sizes = parts.map((p) => p.length);
    expect(Math.max(...sizes)).toBeLessThan((BLUEPRINT.length / SHEET_PARTS) * 1.5);
    for (const part of parts) {
      expect(part.startsWith('@charset "UTF-8";')).toBe(true);
      expect(() => postcss.parse(part)).not.toThrow();
    }
  });
});
