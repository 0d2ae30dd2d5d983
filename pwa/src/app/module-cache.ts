/**
 * One fetch per code loader, shared by the start-up script (which fetches ahead) and the route
 * table (which draws): whoever asks first starts it, and once it has arrived the module is at
 * hand synchronously.
 */
type Loader<M> = () => Promise<M>;

interface Entry {
  pending: Promise<unknown> | null;
  module: unknown;
}

const entries = new WeakMap<Loader<unknown>, Entry>();

export function fetchOnce<M>(load: Loader<M>): Promise<M> {
  let entry = entries.get(load);
  if (!entry) entries.set(load, (entry = { pending: null, module: undefined }));
  const current = entry;
  current.pending ??= load().then(
    (module) => {
      current.module = module;
      return module;
    },
    (err: unknown) => {
      current.pending = null; // a later visit tries again (the network may be back)
      throw err;
    },
  );
  return current.pending as Promise<M>;
}

/** The module, if it has arrived. */
export function arrived<M>(load: Loader<M>): M | undefined {
  return entries.get(load)?.module as M | undefined;
}
