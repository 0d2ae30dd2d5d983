import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { criticalBlueprint, drawnFirst } from './critical-css';

const BLUEPRINT = readFileSync(createRequire(import.meta.url).resolve('@blueprintjs/core/lib/css/blueprint.css'), 'utf8');
const classesIn = (css: string) => new Set([...css.matchAll(/\.(bp6-[\w-]+)/g)].map((m) => m[1]));

describe("Blueprint's critical part", () => {
  const critical = criticalBlueprint(BLUEPRINT);

  it('keeps what the sign-in and loading screens draw, with the spinner animation', () => {
    for (const selector of ['.bp6-button', '.bp6-input-group', '.bp6-form-group', '.bp6-card', '.bp6-callout', '.bp6-spinner', '.bp6-non-ideal-state', '.bp6-tooltip', '.bp6-heading']) {
      expect(critical, selector).toContain(`${selector}{`);
    }
    expect(critical).toMatch(/@keyframes pt-spinner-animation/);
    expect(critical).toContain('--bp-intent-primary-rest');
  });

  it('leaves out the rest: other components, dark areas, groups', () => {
    const classes = classesIn(critical);
    for (const absent of ['bp6-navbar', 'bp6-dark', 'bp6-button-group', 'bp6-menu', 'bp6-dialog', 'bp6-tag', 'bp6-html-select', 'bp6-toast']) {
      expect(classes.has(absent), absent).toBe(false);
    }
    expect([...classes].filter((c) => !drawnFirst(c))).toEqual([]);
    expect(critical.length).toBeLessThan(BLUEPRINT.length / 3);
  });

  it('splits a selector list, keeps an at-rule only with something inside and an animation only when named', () => {
    const css = [
      '.bp6-button, .bp6-navbar .bp6-button { color: red; }',
      '@media (forced-colors: active) { .bp6-menu { color: blue; } }',
      '@media (min-width: 10px) { .bp6-card { animation: girar 1s; } .bp6-tag { color: green; } }',
      '@keyframes girar { to { opacity: 1; } }',
      '@keyframes otra { to { opacity: 0; } }',
      'body { margin: 0; }',
    ].join('\n');
    const out = criticalBlueprint(css).replace(/\s+/g, ' ');
    expect(out).toContain('.bp6-button { color: red; }');
    expect(out).not.toContain('navbar');
    expect(out).not.toContain('forced-colors');
    expect(out).toContain('@media (min-width: 10px) { .bp6-card { animation: girar 1s; } }');
    expect(out).toContain('@keyframes girar');
    expect(out).not.toContain('otra');
    expect(out).toContain('body { margin: 0; }');
  });
});
