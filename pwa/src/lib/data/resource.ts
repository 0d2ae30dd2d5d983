/**
 * The data seam (issue 8): a screen reads and writes a resource through this one interface,
 * whether its records live in the person's local database (captaciones, own payslips: they work
 * offline) or only behind the gateway's REST API (users, employees, other people's payroll).
 * Screens never call `localFind`, `localPut` or `api.get` themselves.
 */

/** Where a resource's records come from: `local` works offline, `rest` needs the network. */
export type ResourceSource = 'local' | 'rest';

/** What `watch` reports when every record may have changed (a wiped and pulled again database). No record has this id: CouchDB reserves ids starting with '_'. */
export const EVERY_RECORD = '_every';

export interface Resource<T, Id extends string = string> {
  readonly source: ResourceSource;
  /** Every record the person may see (never a silent first page). */
  list(): Promise<T[]>;
  /** The record, or null when it does not exist or is outside the person's scope. */
  get(id: Id): Promise<T | null>;
  /**
   * Calls `onChange` with the id of each record that changed (local writes and documents
   * arriving by sync), or EVERY_RECORD when all may have; returns the unsubscribe. REST resources have no feed and omit it. Hooks call it unbound:
   * implement it as an arrow function, not a method using `this`.
   */
  watch?(onChange: (id: string) => void): () => void;
}

/** A resource whose records the person may also write. */
export interface WritableResource<T, Input = T, Id extends string = string> extends Resource<T, Id> {
  /** Creates (no id) or replaces the record; answers the stored record. */
  save(input: Input, id?: Id): Promise<T>;
  remove(id: Id): Promise<void>;
}
