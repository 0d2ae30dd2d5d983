import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { zonesPlugin, zoneViolation } from './eslint-zones.js';

// docs/architecture.md section 2: the direction of imports, checked on the real source files, and the lint
// rule that keeps it (eslint-zones.js) shown to fail on the imports it forbids.
const ROOT = __dirname;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each relative import of a file, resolved, and whether it is a dynamic `import()`. */
function taggedImports(file: string): Array<{ target: string; lazy: boolean }> {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => ({ source: m[1] ?? m[2] ?? m[3], lazy: m[2] !== undefined }))
    .filter(({ source }) => source.startsWith('.'))
    .map(({ source, lazy }) => ({ target: path.resolve(path.dirname(file), source), lazy }));
}

function relativeImports(file: string): string[] {
  return taggedImports(file).map((i) => i.target);
}

/** The file an import names: `x` may be `x.ts`, `x.tsx` or `x/index.ts`. */
function resolveFile(target: string): string | null {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');
const isTest = (f: string) => /\.test\.tsx?$/.test(f);

/** Every cycle of the graph, each as the path that closes it (depth-first, each cycle reported once). */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

const ALL = ['couch-design', 'sync-server', 'pwa/src'].flatMap((d) => sourceFiles(path.join(ROOT, d)));

describe('import boundaries', () => {
  it('every import of the tree keeps to its zone (the lint rule, read over the real files)', () => {
    const bad = ALL.flatMap((f) =>
      taggedImports(f).flatMap(({ target: t, lazy }) => {
        const why = zoneViolation(rel(f), rel(t), { lazy });
        return why ? [`${rel(f)} -> ${rel(t)}: ${why}`] : [];
      }),
    );
    expect(bad).toEqual([]);
  });

  it('no module imports itself through others (no import cycle)', () => {
    const graph = new Map<string, string[]>();
    for (const f of ALL) graph.set(rel(f), relativeImports(f).map(resolveFile).filter((t): t is string => t !== null).map(rel));
    expect(cycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('no two gateway folders import each other, directly or through others (auth and usuarios included)', () => {
    const folderOf = (f: string): string | null => {
      const m = /^sync-server\/src\/([^/]+)\//.exec(f);
      return m ? m[1] : null;
    };
    const graph = new Map<string, string[]>();
    for (const f of ALL.map(rel).filter((f) => folderOf(f) && !isTest(f) && folderOf(f) !== 'testing')) {
      const from = folderOf(f)!;
      const targets = relativeImports(path.join(ROOT, f)).map(rel).map(folderOf).filter((t): t is string => !!t && t !== from);
      graph.set(from, [...new Set([...(graph.get(from) ?? []), ...targets])]);
    }
    expect(cycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });
});

describe('the zones lint rule', () => {
  const linter = new Linter({ configType: 'flat' });
  const config = [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser as Linter.Parser },
      plugins: { local: zonesPlugin },
      rules: { 'local/import-zones': 'error' as const },
    },
  ];
  const lint = (file: string, code: string): string[] =>
    linter.verify(code, config, { filename: path.join(ROOT, file) }).map((m) => m.message);

  it('fails a PWA feature that imports another feature, and passes one that imports the shared kit', () => {
    expect(lint('pwa/src/features/usuarios/Lista.tsx', "import { x } from '../empleados/data/empleados';")).toEqual([
      expect.stringContaining("La función 'usuarios' no importa otra función ('empleados')"),
    ]);
    expect(lint('pwa/src/features/usuarios/list/columns.tsx', "export { y } from '../../nominas/texts';")).toHaveLength(1);
    expect(lint('pwa/src/features/usuarios/Lista.tsx', "import { x } from '../../components/list';\nimport { y } from '../../../../couch-design/usuario';")).toEqual([]);
  });

  it('fails lib and components that import a feature, and a gateway feature that imports another', () => {
    expect(lint('pwa/src/lib/data/rest.ts', "import { x } from '../../features/captaciones/texts';")).toHaveLength(1);
    expect(lint('pwa/src/components/form/Form.tsx', "import { x } from '../../app/routes';")).toHaveLength(1);
    expect(lint('sync-server/src/nominas/service.ts', "import { x } from '../empleados/repository';")).toHaveLength(1);
    expect(lint('sync-server/src/captaciones/service.ts', "import { x } from '../personas/service';")).toHaveLength(1);
    expect(lint('sync-server/src/usuarios/service.ts', "import { x } from '../personas/service';")).toEqual([]);
  });

  it('fails sync code that names an entity, and couch-design that imports either side', () => {
    expect(lint('sync-server/src/sync/writes.ts', "import { x } from '../captaciones/synced';")).toHaveLength(1);
    expect(lint('sync-server/src/sync/writes.ts', "import { x } from '../../../couch-design/captacion/write-policy';")).toHaveLength(1);
    expect(lint('sync-server/src/sync/writes.ts', "import type { Usuario } from '../../../couch-design/usuario';")).toHaveLength(1);
    expect(lint('couch-design/usuario/list.ts', "import { x } from '../../sync-server/src/http/errors';")).toHaveLength(1);
    expect(lint('couch-design/usuario/list.ts', "import { x } from '../helpers/search';")).toEqual([]);
  });

  it('fails app/ reaching into a feature past its index, but not a lazily loaded screen', () => {
    expect(lint('pwa/src/app/routes.tsx', "import { EmpleadoNominas } from '../features/nominas/EmpleadoNominas';")).toEqual([
      expect.stringContaining("app/ llega a la función 'nominas' por su index.ts"),
    ]);
    expect(lint('pwa/src/app/routes.tsx', "import { EmpleadoNominas } from '../features/nominas';\nexport { PerfilNominas } from '../features/nominas/index';")).toEqual([]);
    expect(lint('pwa/src/app/screen-modules.ts', "export const load = () => import('../features/nominas/MiNominaPage');")).toEqual([]);
  });

  it('makes any new folder a zone: a PWA or gateway feature, an entity contract', () => {
    expect(lint('pwa/src/features/agenda/AgendaPage.tsx', "import { x } from '../captaciones/texts';")).toHaveLength(1);
    expect(lint('sync-server/src/agenda/service.ts', "import { x } from '../nominas/service';")).toHaveLength(1);
    expect(lint('sync-server/src/http/guards.ts', "import { x } from '../agenda/service';")).toHaveLength(1);
    expect(lint('sync-server/src/sync/reads.ts', "import { AGENDA } from '../../../couch-design/agenda/entity';")).toHaveLength(1);
    expect(lint('sync-server/src/sync/reads.ts', "import { ENTITIES } from '../../../couch-design/entities';")).toHaveLength(1);
    expect(lint('sync-server/src/sync/databases.ts', "import type { EntityDeclaration } from '../../../couch-design/entity';")).toEqual([]);
  });

  it('keeps a gateway feature in routes -> service -> repository order', () => {
    const order = expect.stringContaining('routes -> service -> repository');
    expect(lint('sync-server/src/nominas/repository.ts', "import type { NominasService } from './service';")).toEqual([order]);
    expect(lint('sync-server/src/nominas/service.ts', "import { x } from './routes';")).toEqual([order]);
    expect(lint('sync-server/src/nominas/routes.ts', "import { NominasRepository } from './repository';")).toEqual([order]);
    expect(lint('sync-server/src/nominas/query.ts', "import { NominasService } from './service';")).toEqual([order]);
    expect(lint('sync-server/src/nominas/routes.ts', "import type { NominasService } from './service';\nimport { MSG } from './messages';")).toEqual([]);
    expect(lint('sync-server/src/nominas/service.ts', "import { NominasRepository } from './repository';\nimport { q } from './query';")).toEqual([]);
  });

  it('fails an import that closes a cycle, naming the way back', () => {
    // couch-design/captacion/write-policy.ts imports ../helpers/values: importing it back closes a cycle.
    expect(lint('couch-design/helpers/values.ts', "import { captacionWritePolicy } from '../captacion/write-policy';")).toEqual([
      expect.stringMatching(/^Ciclo de importación: couch-design\/helpers\/values.ts -> couch-design\/captacion\/write-policy.ts -> .*couch-design\/helpers\/values.ts/),
    ]);
    expect(lint('couch-design/helpers/values.ts', "import { x } from './numbers';")).toEqual([]);
  });

  it('is on for every source file in eslint.config.js', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of ['pwa/src/features/usuarios/texts.ts', 'pwa/src/lib/paths.ts', 'sync-server/src/sync/routes.ts', 'couch-design/roles.ts']) {
      const cfg = await eslint.calculateConfigForFile(path.join(ROOT, file));
      expect(cfg.rules?.['local/import-zones'], file).toEqual([2]);
    }
  });
});
