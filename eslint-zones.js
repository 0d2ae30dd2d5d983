// The import zones of DESIGN section 2 as one ESLint rule (no plugin needed): each import is
// resolved to a path in the repository and checked against the zone of the importing file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const PWA_FEATURES = 'pwa/src/features/';
/** Gateway folders that are features (routes -> service -> repository of one domain). */
const SERVER_FEATURES = ['captaciones', 'usuarios', 'empleados', 'nominas'];
/** Gateway folders shared by some features only: `personas` joins users and employees. */
const SERVER_SHARED_BY = { personas: ['usuarios', 'empleados'] };
/** Gateway layers every feature may use and that use no feature. */
const SERVER_LAYERS = ['http', 'store', 'auth', 'sync', 'policy', 'personas'];
const ENTITY_CONTRACTS = ['captacion', 'usuario', 'empleado', 'nomina'].map((e) => `couch-design/${e}/`);

const isTest = (file) => /\.test\.tsx?$/.test(file) || /^(pwa\/src|sync-server\/src|couch-design)\/testing\//.test(file);
/** Whether `file` is `dir` (a folder given with its trailing slash) or inside it. */
const under = (file, dir) => file.startsWith(dir) || file === dir.replace(/\/$/, '');
const segment = (file, base) => (under(file, base) ? file.slice(base.length).split('/')[0] : undefined);

/**
 * Why `file` may not import `target` (both relative to the repository root), or null when it may.
 * Exported so the architecture test can state the zones without running ESLint.
 */
export function zoneViolation(file, target) {
  if (under(file, 'couch-design/') && !under(target, 'couch-design/')) {
    return 'couch-design es el contrato compartido: no importa ni la PWA ni la pasarela.';
  }
  if (under(file, 'pwa/') && under(target, 'sync-server/') && !isTest(file)) return 'La PWA nunca importa la pasarela.';
  if (under(file, 'sync-server/') && under(target, 'pwa/')) return 'La pasarela nunca importa la PWA.';

  // PWA: a feature imports no other feature and not app/; lib and components import no feature.
  const feature = segment(file, PWA_FEATURES);
  const targetFeature = segment(target, PWA_FEATURES);
  if (feature && targetFeature && feature !== targetFeature) return `La función '${feature}' no importa otra función ('${targetFeature}'): lo común va a components/, lib/ o couch-design.`;
  if (feature && under(target, 'pwa/src/app/')) return 'Una función no importa app/: app/ compone las funciones.';
  if ((under(file, 'pwa/src/lib/') || under(file, 'pwa/src/components/')) && (targetFeature || under(target, 'pwa/src/app/'))) {
    return 'lib/ y components/ no importan funciones ni app/.';
  }

  // Gateway: features import no other feature; shared layers import no feature; sync no entity at all.
  const serverDir = segment(file, 'sync-server/src/');
  const targetDir = segment(target, 'sync-server/src/');
  if (serverDir && targetDir && serverDir !== targetDir) {
    const fromFeature = SERVER_FEATURES.includes(serverDir);
    const toFeature = SERVER_FEATURES.includes(targetDir);
    if (fromFeature && toFeature) return `La función '${serverDir}' de la pasarela no importa otra función ('${targetDir}'): se componen en app.ts.`;
    const sharedBy = SERVER_SHARED_BY[targetDir];
    if (fromFeature && sharedBy && !sharedBy.includes(serverDir)) return `'${targetDir}' solo lo comparten ${sharedBy.join(' y ')}.`;
    if (SERVER_LAYERS.includes(serverDir) && toFeature && !isTest(file)) return `La capa '${serverDir}' no importa funciones ('${targetDir}'): app.ts le pasa lo que necesita.`;
  }
  if (serverDir === 'sync' && ENTITY_CONTRACTS.some((c) => under(target, c)) && !isTest(file)) {
    return 'sync no conoce ninguna entidad: cada base sincronizada se declara junto a su función y se reúne en app.ts.';
  }
  return null;
}

function resolveImport(fileAbs, source) {
  if (source.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(fileAbs), source)).split(path.sep).join('/');
  if (/^(couch-design|pwa|sync-server)\//.test(source)) return source;
  return null;
}

const importZones = {
  meta: { type: 'problem', schema: [], docs: { description: 'Import zones of DESIGN section 2' } },
  create(context) {
    const fileAbs = context.filename;
    const file = path.relative(ROOT, fileAbs).split(path.sep).join('/');
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveImport(fileAbs, source);
      const why = target && zoneViolation(file, target);
      if (why) context.report({ node, message: `${why} (${source})` });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const zonesPlugin = { rules: { 'import-zones': importZones } };
