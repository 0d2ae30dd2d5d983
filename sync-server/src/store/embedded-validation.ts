/**
 * PouchDB ignores `validate_doc_update`; CouchDB runs it on every write, replicated ones included.
 * The embedded adapter runs the database's design-doc validators itself so both adapters refuse
 * the same documents. Only the design documents this project deploys are compiled, so evaluating
 * their source is as trusted as the gateway's own code.
 * Differences with CouchDB, harmless for the validators in couch-design: `oldDoc` is not loaded
 * (always null) and the user context is the gateway's admin.
 */
import type { PouchDatabase } from './pouchdb';
import type { StoreDoc } from './port';
import { StoreError } from './port';

/** What validate_doc_update threw, as CouchDB words it: a string as it is, anything else as JSON. */
const reasonText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

type Validator = (newDoc: StoreDoc, oldDoc: StoreDoc | null, userCtx: object, secObj: object) => void;

export class Validators {
  private list: Validator[] = [];

  constructor(private readonly dbName: string) {}

  async load(db: PouchDatabase): Promise<void> {
    const { rows } = await db.allDocs({ startkey: '_design/', endkey: '_design/\ufff0', include_docs: true });
    const list: Validator[] = [];
    for (const row of rows) {
      const src = row.doc?.validate_doc_update;
      // The embedded store runs a database's validate_doc_update source as CouchDB itself does.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
      if (typeof src === 'string') list.push(new Function(`return (${src});`)() as Validator);
    }
    this.list = list;
  }

  /** Returns the refusal CouchDB would answer for this document, or null when it may be written. */
  check(doc: StoreDoc): StoreError | null {
    if (this.list.length === 0 || doc._id?.startsWith('_local/')) return null;
    const userCtx = { db: this.dbName, name: null, roles: ['_admin'] };
    for (const validate of this.list) {
      try {
        validate(doc, null, userCtx, {});
      } catch (thrown) {
        const t = (thrown ?? {}) as { forbidden?: unknown; unauthorized?: unknown };
        if (t.forbidden !== undefined) return new StoreError(403, 'forbidden', reasonText(t.forbidden));
        if (t.unauthorized !== undefined) return new StoreError(401, 'unauthorized', reasonText(t.unauthorized));
        return new StoreError(500, 'unknown_error', thrown instanceof Error ? thrown.message : String(thrown));
      }
    }
    return null;
  }
}

export const touchesDesign = (docs: StoreDoc[]): boolean => docs.some((d) => d._id?.startsWith('_design/'));
