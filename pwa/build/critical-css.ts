/**
 * Blueprint's stylesheet is ~560 KB and the first screens (sign-in, the loading screen) draw a
 * dozen of its components. The entry imports `blueprint.css?critical`: the rules whose Blueprint
 * classes are all among those the first screens draw, plus the rules that name no Blueprint class
 * (variables, reset, typography). The whole sheet loads later, with the screens that need it
 * (pwa/src/lib/blueprint-styles.ts), placed right after the entry's stylesheet so the cascade
 * is the one of a single sheet: Blueprint first, in its own order, then the screens' styles.
 */
import { readFile } from 'node:fs/promises';
import postcss, { type ChildNode, type Container } from 'postcss';
import type { Plugin } from 'vite';

/**
 * The Blueprint classes the sign-in and loading screens draw in any of their states (error
 * callout, busy button, the password tooltip), as Chromium lists them on those screens. A family
 * ('bp6-popover') covers the classes Blueprint composes from it.
 */
const FIRST_PAINT_CLASSES = [
  'bp6-active', 'bp6-align-left', 'bp6-align-right', 'bp6-button', 'bp6-button-spinner', 'bp6-button-text',
  'bp6-card', 'bp6-disabled', 'bp6-fill', 'bp6-focus-disabled', 'bp6-heading', 'bp6-icon', 'bp6-intent-danger',
  'bp6-intent-primary', 'bp6-label', 'bp6-large', 'bp6-loading', 'bp6-minimal', 'bp6-portal', 'bp6-text-muted',
];
const FIRST_PAINT_FAMILIES = [
  'bp6-callout', 'bp6-elevation-', 'bp6-form-', 'bp6-icon-', 'bp6-input', 'bp6-non-ideal-state', 'bp6-overlay',
  'bp6-popover', 'bp6-spinner', 'bp6-tooltip',
];

const BLUEPRINT_CLASS = /\.(bp6-[\w-]+)/g;

export function drawnFirst(className: string): boolean {
  return FIRST_PAINT_CLASSES.includes(className) || FIRST_PAINT_FAMILIES.some((f) => className.startsWith(f));
}

/** A selector the first screens may match: every Blueprint class it names is drawn first. */
const firstPaintSelector = (selector: string) => [...selector.matchAll(BLUEPRINT_CLASS)].every((m) => drawnFirst(m[1]));

/** Removes, in place, what the first screens cannot match; answers whether anything is left. */
function keepFirstPaint(container: Container): boolean {
  for (const node of [...(container.nodes ?? [])] as ChildNode[]) {
    if (node.type === 'rule') {
      const selectors = node.selectors.filter(firstPaintSelector);
      if (selectors.length === 0) node.remove();
      else node.selectors = selectors;
    } else if (node.type === 'atrule' && node.nodes && !/keyframes$/.test(node.name)) {
      if (!keepFirstPaint(node)) node.remove();
    }
  }
  return (container.nodes ?? []).some((n) => n.type !== 'comment');
}

/** The rules of a Blueprint stylesheet the first screens need, with the animations they name. */
export function criticalBlueprint(css: string): string {
  const root = postcss.parse(css);
  keepFirstPaint(root);
  const animations = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  root.walkAtRules(/keyframes$/, (rule) => {
    if (!animations.has(rule.params)) rule.remove();
  });
  return root.toString();
}

const CRITICAL = /^(.*[\\/]blueprint\.css)\?critical$/;

/** Serves `@blueprintjs/core/lib/css/blueprint.css?critical` to `vite build` and `vite`. */
export function criticalBlueprintCss(): Plugin {
  return {
    name: 'inmo:critical-blueprint-css',
    enforce: 'pre',
    async load(id) {
      const file = CRITICAL.exec(id)?.[1];
      return file ? criticalBlueprint(await readFile(file, 'utf8')) : null;
    },
  };
}
