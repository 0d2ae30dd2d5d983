// The import zones of docs/architecture.md section 2 as one ESLint rule (no plugin needed): each import is
// resolved to a path in the repository and checked against the zone of the importing file. The
// zones follow the folders: a new folder under pwa/src/features, sync-server/src or couch-design
// is a zone of its kind without editing anything here. The same rule fails an import that closes
// a cycle.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const PWA_FEATURES = 'pwa/src/features/';
const SERVER = 'sync-server/src/';
/** Gateway folders shared by some features only: `personas` joins users and employees. */
const SERVER_SHARED_BY = { personas: ['usuarios', 'empleados'] };
/** Gateway layers every feature may use and that use no feature. */
const SERVER_LAYERS = ['http', 'store', 'auth', 'sync', 'policy', 'personas'];
/**
 * Gateway folders that compose features, as app.ts does: command-line tools and test gateways.
 * Every other folder of sync-server/src is a feature (routes -> service -> repository of one domain).
 */
const SERVER_ENTRY_POINTS = ['admin', 'launch', 'ops', 'seed', 'testing'];
/** couch-design folders that are no entity: every other folder is one entity's contract. */
const SHARED_CONTRACTS = ['design-docs', 'helpers', 'pdf', 'testing'];
/** The registry of every entity's declaration: app.ts hands it to sync, which names none. */
const ENTITY_REGISTRY = 'couch-design/entities';
/** A gateway feature's layers, in the only order they may import each other; other files sit below them. */
const LAYERS = ['routes', 'service', 'repository'];

const isTest = (file) => /\.test\.tsx?$/.test(file) || /^(pwa\/src|sync-server\/src|couch-design)\/testing\//.test(file);
/** Whether `file` is `dir` (a folder given with its trailing slash) or inside it. */
const under = (file, dir) => file.startsWith(dir) || file === dir.replace(/\/$/, '');

function isDirectory(rel) {
  try {
    return statSync(path.join(ROOT, rel)).isDirectory();
  } catch {
    return false;
  }
}

/** The folder right under `base` that holds `file` (or that `file` names, for an import of a folder's index). */
function folderUnder(file, base) {
  if (!file.startsWith(base)) return undefined;
  const parts = file.slice(base.length).split('/');
  if (parts.length > 1) return parts[0];
  const named = parts[0].replace(/\.(tsx?|js)$/, '');
  return named && isDirectory(base + named) ? named : undefined;
}

const serverFolderKind = (dir) =>
  SERVER_LAYERS.includes(dir) ? 'layer' : SERVER_ENTRY_POINTS.includes(dir) ? 'entry' : 'feature';

/** A gateway feature file's place in routes -> service -> repository; any other file sits below. */
const layerRank = (file) => {
  const i = LAYERS.indexOf(path.posix.basename(file).replace(/\.(tsx?|js)$/, ''));
  return i === -1 ? LAYERS.length : i;
};

const isEntityContract = (target) => {
  const dir = folderUnder(target, 'couch-design/');
  return (!!dir && !SHARED_CONTRACTS.includes(dir)) || target === ENTITY_REGISTRY || target === `${ENTITY_REGISTRY}.ts`;
};

/** Whether a PWA import names a feature's public face: its folder or its index. */
const isFeatureIndex = (target, feature) => {
  const rest = target.slice(PWA_FEATURES.length + feature.length);
  return rest === '' || /^\/index(\.tsx?)?$/.test(rest);
};

/**
 * Why `file` may not import `target` (both relative to the repository root), or null when it may.
 * `lazy` marks a dynamic `import()`. Exported so the architecture test can state the zones
 * without running ESLint.
 */
export function zoneViolation(file, target, { lazy = false } = {}) {
  if (under(file, 'couch-design/') && !under(target, 'couch-design/')) {
    return 'couch-design es el contrato compartido: no importa ni la PWA ni la pasarela.';
  }
  if (under(file, 'pwa/') && under(target, 'sync-server/') && !isTest(file)) return 'La PWA nunca importa la pasarela.';
  if (under(file, 'sync-server/') && under(target, 'pwa/')) return 'La pasarela nunca importa la PWA.';

  // PWA: a feature imports no other feature and not app/; lib and components import no feature;
  // app/ reaches a feature through its index (or loads one of its screens lazily).
  const feature = folderUnder(file, PWA_FEATURES);
  const targetFeature = folderUnder(target, PWA_FEATURES);
  if (feature && targetFeature && feature !== targetFeature) return `La función '${feature}' no importa otra función ('${targetFeature}'): lo común va a components/, lib/ o couch-design.`;
  if (feature && under(target, 'pwa/src/app/')) return 'Una función no importa app/: app/ compone las funciones.';
  if ((under(file, 'pwa/src/lib/') || under(file, 'pwa/src/components/')) && (targetFeature || under(target, 'pwa/src/app/'))) {
    return 'lib/ y components/ no importan funciones ni app/.';
  }
  if (under(file, 'pwa/src/app/') && targetFeature && !isTest(file) && !lazy && !isFeatureIndex(target, targetFeature)) {
    return `app/ llega a la función '${targetFeature}' por su index.ts (o carga una de sus pantallas con import()).`;
  }

  // Gateway: features import no other feature; shared layers import no feature; sync no entity at
  // all; inside a feature, routes -> service -> repository.
  const serverDir = folderUnder(file, SERVER);
  const targetDir = folderUnder(target, SERVER);
  if (serverDir && targetDir && serverDir !== targetDir) {
    const fromFeature = serverFolderKind(serverDir) === 'feature';
    const toFeature = serverFolderKind(targetDir) === 'feature';
    if (fromFeature && toFeature) return `La función '${serverDir}' de la pasarela no importa otra función ('${targetDir}'): se componen en app.ts.`;
    const sharedBy = SERVER_SHARED_BY[targetDir];
    if (fromFeature && sharedBy && !sharedBy.includes(serverDir)) return `'${targetDir}' solo lo comparten ${sharedBy.join(' y ')}.`;
    if (serverFolderKind(serverDir) === 'layer' && toFeature && !isTest(file)) return `La capa '${serverDir}' no importa funciones ('${targetDir}'): app.ts le pasa lo que necesita.`;
  }
  if (serverDir && serverDir === targetDir && serverFolderKind(serverDir) === 'feature' && !isTest(file)) {
    const from = layerRank(file);
    const to = layerRank(target);
    const skips = from === 0 && to === 2;
    if ((to <= from && !(from === LAYERS.length && to === LAYERS.length)) || skips) {
      return `En una función de la pasarela el orden es routes -> service -> repository (y lo demás debajo): ${path.posix.basename(file)} no importa ${path.posix.basename(target)}.`;
    }
  }
  if (serverDir === 'sync' && isEntityContract(target) && !isTest(file)) {
    return 'sync no conoce ninguna entidad: cada base sincronizada se declara en couch-design/<entidad>/entity.ts y app.ts le pasa la lista.';
  }
  return null;
}

function resolveImport(fileAbs, source) {
  if (source.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(fileAbs), source)).split(path.sep).join('/');
  if (/^(couch-design|pwa|sync-server)\//.test(source)) return source;
  return null;
}

// --- Cycles -------------------------------------------------------------------------------------

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** The file an import names (`x` may be `x.ts`, `x.tsx`, `x/index.ts`...), repository-relative, or null. */
const fileCache = new Map();
function resolveFile(target) {
  if (!fileCache.has(target)) {
    const found = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((c) => {
      try {
        return statSync(path.join(ROOT, c)).isFile();
      } catch {
        return false;
      }
    });
    fileCache.set(target, found ?? null);
  }
  return fileCache.get(target);
}

/** The repository files a file imports, read from disk once per lint run. */
const edgeCache = new Map();
function importsOf(file) {
  if (!edgeCache.has(file)) {
    let text = '';
    try {
      text = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {
      // gone meanwhile: no edges
    }
    const abs = path.join(ROOT, file);
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2] ?? m[3])
      .map((s) => resolveImport(abs, s))
      .filter((t) => t !== null)
      .map(resolveFile)
      .filter((t) => t !== null);
    edgeCache.set(file, [...new Set(targets)]);
  }
  return edgeCache.get(file);
}

/** A path of imports from `start` back to `file`, or null when `start` never reaches it. */
function pathBack(start, file) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [node, trail] = stack.pop();
    if (node === file) return trail;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of importsOf(node)) if (!seen.has(next)) stack.push([next, [...trail, next]]);
  }
  return null;
}

const importZones = {
  meta: { type: 'problem', schema: [], docs: { description: 'Import zones of docs/architecture.md section 2, and no import cycles' } },
  create(context) {
    const fileAbs = context.filename;
    const file = path.relative(ROOT, fileAbs).split(path.sep).join('/');
    const check = (node, source, lazy = false) => {
      if (typeof source !== 'string') return;
      const target = resolveImport(fileAbs, source);
      if (!target) return;
      const why = zoneViolation(file, target, { lazy });
      if (why) return context.report({ node, message: `${why} (${source})` });
      // The file's own imports are those in the editor; the rest of the graph is read from disk.
      const resolved = resolveFile(target);
      const back = resolved && resolved !== file ? pathBack(resolved, file) : null;
      if (back) context.report({ node, message: `Ciclo de importación: ${[file, ...back].join(' -> ')} (${source})` });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value, true),
    };
  },
};

export const zonesPlugin = { rules: { 'import-zones': importZones } };
