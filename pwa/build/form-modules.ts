/**
 * Which modules need the form libraries (Formik, Yup) through their static imports, so the build
 * can keep them together in the `forms` chunk and out of the chunks the shell and the captaciones
 * list load (vite.config.ts). A rule of thumb in a regular expression would drift as schemas are
 * added; the build's own module graph does not. Dynamic imports do not count: they load on use
 * (an entity's write policy, couch-design/entity.ts).
 *
 * The graph is read when the build ends, before the chunks are made; `needsForms` answers then.
 */
import type { Plugin } from 'vite';

export function formModules(libraries: RegExp): { plugin: Plugin; needsForms(id: string): boolean } {
  let needing = new Set<string>();
  const plugin: Plugin = {
    name: 'inmobiliaria-form-modules',
    apply: 'build',
    buildEnd() {
      // Walked backwards from the libraries: every importer of a module that needs them needs them too.
      const importers = new Map<string, string[]>();
      const ids = [...this.getModuleIds()];
      for (const id of ids) {
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          const list = importers.get(imported);
          if (list) list.push(id);
          else importers.set(imported, [id]);
        }
      }
      needing = new Set(ids.filter((id) => libraries.test(id)));
      const queue = [...needing];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        for (const importer of importers.get(id) ?? []) {
          if (!needing.has(importer)) {
            needing.add(importer);
            queue.push(importer);
          }
        }
      }
    },
  };
  return { plugin, needsForms: (id) => libraries.test(id) || needing.has(id) };
}
