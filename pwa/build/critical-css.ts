/**
 * Blueprint's stylesheet is ~560 KB and the first screens (sign-in, the loading screen, and the
 * shell around the captaciones list a field agent opens) draw a couple of dozen of its
 * components. The entry imports `blueprint.css?critical`: the rules whose Blueprint
 * classes are all among those the first screens draw, plus the rules that name no Blueprint class
 * (variables, reset, typography). The whole sheet loads later, with the screens that need it
 * (pwa/src/lib/blueprint-styles.ts), placed right after the entry's stylesheet so the cascade
 * is the one of a single sheet: Blueprint first, in its own order, then the screens' styles.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { transform } from 'lightningcss';
import postcss, { type ChildNode, type Container } from 'postcss';
import type { Plugin } from 'vite';

/**
 * The Blueprint classes the sign-in and loading screens draw in any of their states (error
 * callout, busy button, the password tooltip), and the shell and the captaciones list (the
 * sidebar drawer and menus included), as Chromium lists them on those screens at phone, tablet
 * and desktop widths. A family ('bp6-popover') covers the classes Blueprint composes from it.
 */
const FIRST_PAINT_CLASSES = [
  'bp6-active', 'bp6-align-left', 'bp6-align-right', 'bp6-button', 'bp6-button-spinner', 'bp6-button-text',
  'bp6-card', 'bp6-disabled', 'bp6-fill', 'bp6-focus-disabled', 'bp6-heading', 'bp6-icon', 'bp6-intent-danger',
  'bp6-intent-primary', 'bp6-label', 'bp6-large', 'bp6-loading', 'bp6-minimal', 'bp6-portal', 'bp6-text-muted',
  // The shell and the captaciones list (app/screen-modules.ts: they wait for no other part).
  'bp6-button-group', 'bp6-intent-success', 'bp6-intent-warning', 'bp6-interactive', 'bp6-round', 'bp6-text-overflow-ellipsis',
  'bp6-text-small',
  // Not drawn first, but the whole sheet's parts come before the entry's stylesheet: a modifier
  // left out would lose to the first paint's '.bp6-button.bp6-intent-primary' that follows them,
  // and an outlined '+ Agregar Adeudo' showed blue text on a blue button (issue 36).
  'bp6-outlined',
];
const FIRST_PAINT_FAMILIES = [
  'bp6-callout', 'bp6-elevation-', 'bp6-form-', 'bp6-icon-', 'bp6-input', 'bp6-non-ideal-state', 'bp6-overlay',
  'bp6-popover', 'bp6-spinner', 'bp6-tooltip',
  'bp6-breadcrumb', 'bp6-html-table', 'bp6-menu', 'bp6-navbar', 'bp6-tag', 'bp6-drawer',
];

const BLUEPRINT_CLASS = /\.(bp6-[\w-]+)/g;

export function drawnFirst(className: string): boolean {
  return FIRST_PAINT_CLASSES.includes(className) || FIRST_PAINT_FAMILIES.some((f) => className.startsWith(f));
}

/**
 * A selector the first screens may match: every Blueprint class it requires is drawn first.
 * A class inside `:not(...)` is one the element must lack, so it requires nothing
 * ('.bp6-button-group:not(.bp6-outlined) > .bp6-button' styles the drawn button groups).
 */
const firstPaintSelector = (selector: string) =>
  [...selector.replace(/:not\([^()]*\)/g, '').matchAll(BLUEPRINT_CLASS)].every((m) => drawnFirst(m[1]));

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

/**
 * The whole sheet comes in `SHEET_PARTS` pieces, in its own order, each applied in a task of its
 * own (pwa/src/lib/blueprint-styles.ts): parsed and matched at once, the whole sheet cost a phone
 * one task of over 150 ms (Lighthouse's 4× slower CPU) while the captaciones list was already
 * in a field agent's hands.
 */
export const SHEET_PARTS = 6;
export const SHEET_PARTS_MODULE = 'virtual:blueprint-sheet-parts';
const RESOLVED_PARTS_MODULE = `\0${SHEET_PARTS_MODULE}`;
const BLUEPRINT_SHEET = '@blueprintjs/core/lib/css/blueprint.css';

/** The sheet cut between top-level rules into `parts` pieces of about the same size, each complete on its own. */
export function splitSheet(css: string, parts: number): string[] {
  const root = postcss.parse(css);
  const charset = root.nodes.find((n) => n.type === 'atrule' && n.name === 'charset');
  const head = charset ? `${charset.toString()};\n` : '';
  const target = css.length / parts;
  const pieces: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const node of root.nodes) {
    if (node === charset) continue;
    const text = node.toString();
    current.push(text);
    size += text.length;
    if (size >= target && pieces.length < parts - 1) {
      pieces.push(head + current.join('\n'));
      current = [];
      size = 0;
    }
  }
  if (current.length) pieces.push(head + current.join('\n'));
  return pieces;
}

/**
 * `import sheetParts from 'virtual:blueprint-sheet-parts'`: the addresses of the whole sheet's
 * pieces, minified, emitted by the build under names that change with their content. The dev
 * server (and the tests, where stylesheets are off and the address is empty) serves the sheet whole.
 */
export function blueprintSheetParts(): Plugin {
  let build = false;
  let base = '/';
  let files: Array<{ fileName: string; source: string }> = [];
  return {
    name: 'inmo:blueprint-sheet-parts',
    configResolved(config) {
      build = config.command === 'build';
      base = config.base;
    },
    async buildStart() {
      if (!build) return;
      const sheet = await this.resolve(BLUEPRINT_SHEET);
      if (!sheet) throw new Error(`No se encontró ${BLUEPRINT_SHEET}`);
      const pieces = splitSheet(await readFile(sheet.id, 'utf8'), SHEET_PARTS);
      files = pieces.map((piece, i) => {
        const source = new TextDecoder().decode(transform({ filename: `blueprint-${i + 1}.css`, code: new TextEncoder().encode(piece), minify: true }).code);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        return { fileName: `assets/blueprint-${i + 1}-${hash}.css`, source };
      });
    },
    resolveId(id) {
      return id === SHEET_PARTS_MODULE ? RESOLVED_PARTS_MODULE : null;
    },
    load(id) {
      if (id !== RESOLVED_PARTS_MODULE) return null;
      if (build) return `export default ${JSON.stringify(files.map((f) => `${base}${f.fileName}`))};`;
      return `import url from '${BLUEPRINT_SHEET}?url';\nexport default url ? [url] : [];`;
    },
    generateBundle() {
      for (const { fileName, source } of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
