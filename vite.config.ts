/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { blueprintSheetParts, criticalBlueprintCss, SHEET_PARTS_MODULE } from './pwa/build/critical-css.ts';
import { bootScript, BOOT_ENTRY } from './pwa/build/boot-script.ts';
import { BLUEPRINT_TEXT, lighterBlueprintText } from './pwa/build/blueprint-text.ts';
import { compileHints } from './pwa/build/compile-hints.ts';
import { formModules } from './pwa/build/form-modules.ts';
import { lazyIconNames } from './pwa/build/lazy-icon-names.ts';
import { precompress } from './pwa/build/precompress.ts';

// Vitest 5 reports failures with Map.groupBy, which Node 20 lacks; without it a failure hides its own message.
if (!(Map as unknown as { groupBy?: unknown }).groupBy) {
  Object.defineProperty(Map, 'groupBy', {
    value<T, K>(items: Iterable<T>, key: (item: T, i: number) => K): Map<K, T[]> {
      const out = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        out.set(k, [...(out.get(k) ?? []), item]);
      }
      return out;
    },
  });
}

/**
 * A few coarse chunks instead of one per shared module: served over HTTP/1.1 (six connections),
 * the ~40 small chunks of a dashboard screen cost a phone several round trips each wave.
 * What the first screen needs stays in the entry; the PDF libraries and Blueprint's icon sets
 * (rarely or never loaded) are left to the automatic split.
 */
const RARELY_LOADED = /node_modules[\\/](jspdf|jspdf-autotable|html2canvas|canvg|dompurify|core-js|fflate|fast-png|iobuffer|pako|raf|rgbcolor|stackblur-canvas|svg-pathdata|@babel|@blueprintjs[\\/]icons)[\\/]/;
const VENDOR_FAMILIES: Array<[string, RegExp]> = [
  ['pouchdb', /node_modules[\\/](pouchdb[\w-]*|spark-md5|vuvuzela|immediate|argsarray|uuid|events|fetch-cookie)[\\/]/],
  // Yup apart from Formik: the sign-in draws with Formik alone, and evaluating Yup cost it for nothing.
  ['yup', /node_modules[\\/](yup|tiny-case|property-expr|toposort)[\\/]/],
  ['forms', /node_modules[\\/](formik|lodash[\w.-]*|react-fast-compare|hoist-non-react-statics|tiny-warning|deepmerge)[\\/]/],
];
/**
 * The start-up script (pwa/src/boot.ts) and what it imports: their own entry and chunk, which the
 * page runs before the entry (pwa/build/boot-script.ts), so the screen's code is on its way while
 * React still downloads. Nothing here may import another chunk (the build stops if it does).
 */
const BOOT_MODULES =
  /[\\/](pwa[\\/]src[\\/](boot|app[\\/](entry-start|preload-path|match-screen|module-cache|screen-modules|still-frame|screen-titles|shell[\\/](breadcrumbs|nav-entries|settings|shell-texts))|lib[\\/](paths|blueprint-styles|session-check|session-storage|api))|couch-design[\\/](roles|usuario[\\/]session-answer))\.ts$/;
/**
 * The shared code that needs the form libraries (schemas, form fields) in one chunk, beside the
 * libraries' own (`forms`), that screens without a form never load: the shell and the captaciones list, a field agent's
 * first screen, draw before Formik and Yup are even downloaded. A feature's own modules that need
 * them go to the feature's second chunk, `<feature>-formularios`.
 */
const forms = formModules(/node_modules[\\/](formik|yup)[\\/]/);
const SHARED_CODE = /[\\/](pwa[\\/]src[\\/](app|components|lib)|couch-design)[\\/]/;
const chunkGroups = [
  // With the addresses of Blueprint's sheet, which lib/blueprint-styles imports.
  { name: BOOT_ENTRY, test: (id: string) => BOOT_MODULES.test(id) || id === `\0${SHEET_PARTS_MODULE}`, priority: 20 },
  { name: 'start', tags: ['$initial' as const], priority: 10 },
  // Only these modules: what they import stays in its own chunk (kit, ui, pouchdb), which never imports this one.
  { name: 'formularios', test: (id: string) => SHARED_CODE.test(id) && forms.needsForms(id), priority: 6, includeDependenciesRecursively: false },
  {
    name: (id: string) => VENDOR_FAMILIES.find(([, test]) => test.test(id))?.[0] ?? 'ui',
    debugName: 'vendor',
    // Blueprint's Text stand-in goes with Blueprint, which imports it (pwa/build/blueprint-text.ts).
    test: (id: string) => (/node_modules/.test(id) && !RARELY_LOADED.test(id)) || id === BLUEPRINT_TEXT,
    priority: 5,
  },
  // The code every screen shares, first, so a feature's chunk never takes in what another feature shares with it.
  {
    name: 'kit',
    test: (id: string) => SHARED_CODE.test(id) && !/[\\/](couch-design[\\/]pdf|lib[\\/]icon-paths)/.test(id),
    priority: 2,
  },
  {
    name: (id: string) => {
      const feature = /[\\/]features[\\/]([\w-]+)[\\/]/.exec(id)?.[1];
      return feature ? `${feature}${forms.needsForms(id) ? '-formularios' : ''}` : null;
    },
    debugName: 'feature',
    test: /[\\/]pwa[\\/]src[\\/]features[\\/]/,
    priority: 1,
  },
];

/** The chunks whose code a first screen runs while it loads, compiled whole as they download (pwa/build/compile-hints.ts). */
const RUN_ON_LOAD = /^(boot|index|start|kit|ui|pouchdb|captaciones)$/;

const root = fileURLToPath(new URL('.', import.meta.url));
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./pwa/index.html', import.meta.url)), [BOOT_ENTRY]: fileURLToPath(new URL('./pwa/src/boot.ts', import.meta.url)) },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: { proxy: { '/api': gateway, '/db': gateway } },
  plugins: [
    react(),
    lighterBlueprintText(),
    compileHints(RUN_ON_LOAD),
    forms.plugin,
    lazyIconNames(),
    bootScript(),
    criticalBlueprintCss(),
    blueprintSheetParts(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.png', 'favicon.svg', 'signin-panel.svg'],
      manifest: {
        name: 'Inmobiliaria · Back-office',
        short_name: 'Inmobiliaria',
        description: 'Captaciones, usuarios, empleados y nóminas, con o sin conexión.',
        lang: 'es-MX',
        start_url: '/dashboard/home',
        scope: '/',
        display: 'standalone',
        background_color: '#f6f7f9',
        theme_color: '#1c2127',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The first visit is controlled at once: a field agent who opened the app online once can work offline without a reload.
        clientsClaim: true,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api/, /^\/db/],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,woff,ttf,eot}'],
        // jsPDF's optional renderers are never used: keep them out of the precache.
        globIgnores: [
          '**/html2canvas*',
          '**/purify*',
          '**/canvg*',
          // canvg (with its core-js) is bundled as index.es-*: jsPDF loads it only for SVG images, which no PDF here has.
          '**/assets/index.es-*.js',
          // Blueprint's built-in loaders (every icon, ~95 KiB gzip per size) are emitted because
          // @blueprintjs/icons imports them dynamically, but pwa/src/lib/icons.ts replaces them.
          '**/assets/paths-*.js',
          '**/assets/allPaths-*.js',
          '**/assets/allPathsLoader-*.js',
          '**/assets/splitPathsBySizeLoader-*.js',
        ],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    // Last: brotli and gzip copies of everything above, the service worker included.
    precompress(),
  ],
  test: {
    root,
    include: ['architecture.test.ts', 'couch-design/**/*.test.ts', 'sync-server/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}', 'pwa/build/**/*.test.ts'],
    // Tests that need a real Apache CouchDB run in `npm run test:couchdb` (vitest.couchdb.config.js).
    exclude: ['**/node_modules/**', '**/*.couchdb.test.ts'],
    environment: 'node',
    // A test whose code logs an error it did not announce fails (testing/logged-errors.ts says how to announce one).
    setupFiles: ['testing/console-guard.ts'],
    css: false,
    // Generous: CI shares two cores between test workers; a timeout only matters when something is wrong.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The restart tests stop a gateway under a live PouchDB replication on purpose; PouchDB's HTTP
    // adapter then leaves a connection error of the test client (node-fetch, used by tests only;
    // Node's own fetch in the PWA's: 'fetch failed' caused by a refused or reset connection, or a
    // socket closed mid-answer) unhandled (replicate.js reads `src.info()` without a catch). Those,
    // and the one below, are expected; any other stray error still fails the run.
    onUnhandledError(error) {
      const e = error as { name?: string; message?: string; code?: string; cause?: { code?: string } };
      if (e.name === 'FetchError' && /^ECONN(RESET|REFUSED)$/.test(e.code ?? '')) return false;
      if (e.name === 'TypeError' && e.message === 'fetch failed' && /^(ECONN(RESET|REFUSED)|UND_ERR_SOCKET)$/.test(e.cause?.code ?? '')) return false;
      if (e.code === 'UND_ERR_SOCKET') return false;
      // A new local database's first open: pouchdb-adapter-indexeddb saves its metadata in a promise's
      // callback after its blob check, which in a browser runs while the transaction is still active;
      // fake-indexeddb (tests only) may have closed it by then on a busy machine. Nothing is lost:
      // the next open saves it again.
      if (e.name === 'TransactionInactiveError' && /pouchdb-adapter-indexeddb/.test((error as Error).stack ?? '')) return false;
    },
  },
});
