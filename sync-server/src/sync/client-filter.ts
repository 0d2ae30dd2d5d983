/**
 * What a client may add to narrow its `_changes` feed: `doc_ids` (filter=_doc_ids) and a Mango
 * selector (filter=_selector, or a selector in the POST body). Both only ever narrow the server's
 * scope; no other filter exists here (design-document filters and views would run the client's
 * choice of code over documents it may not read).
 *
 * The client's selector is evaluated by the gateway, not handed to the store $and-ed with the
 * server's: PouchDB merges `$and` clauses field by field and a later `$eq` on the same field
 * overwrites the earlier one, so `{$and: [server, client]}` could let a client's
 * `{'captacion.asesor': 'someone-else'}` replace the server's condition on the embedded store.
 */
import { createRequire } from 'node:module';
import type { Request } from 'express';
import { exceedsJsonDepth } from '../http/json-body';
import { badRequest, couchBody, isPlainObject, jsonParam, jsonText, MSG, stringArray, stringParam } from './couch-http';
import { MAX_IDS_PER_REQUEST, MAX_SELECTOR_BYTES, MAX_SELECTOR_DEPTH } from './limits';

interface SelectorCore {
  massageSelector(selector: object): object;
  matchesSelector(doc: object, selector: object): boolean;
  rowFilter(doc: object, selector: object, fields: string[]): boolean;
}

// PouchDB's own Mango matcher (a dependency of pouchdb-core and pouchdb-find): the same
// semantics the embedded store and the PWA apply.
const selectorCore = createRequire(import.meta.url)('pouchdb-selector-core') as SelectorCore;

export interface ClientFilter {
  docIds?: Set<string>;
  /** Massaged once; matched per row. */
  selector?: object;
}

export function parseClientFilter(req: Request): ClientFilter {
  const body = req.method === 'POST' ? couchBody(req) : {};
  const filter = stringParam(req.query, 'filter');
  const out: ClientFilter = {};

  if (filter !== undefined && filter !== '_doc_ids' && filter !== '_selector') throw badRequest(MSG.badFilter);

  const docIdsRaw = body.doc_ids ?? jsonParam(req.query, 'doc_ids', 1);
  if (filter === '_doc_ids' || docIdsRaw !== undefined) {
    if (docIdsRaw === undefined) throw badRequest(MSG.badParam('doc_ids'));
    out.docIds = new Set(stringArray(docIdsRaw, 'doc_ids', MAX_IDS_PER_REQUEST));
  }

  const selector = body.selector ?? jsonParam(req.query, 'selector', MAX_SELECTOR_DEPTH);
  if (filter === '_selector' || selector !== undefined) {
    if (!isPlainObject(selector)) throw badRequest(MSG.badSelector);
    // The matcher walks the selector recursively for every row: its size and depth are bounded
    // first (a body may nest deeper than a query string can).
    const text = jsonText(selector);
    if (text === undefined || text.length > MAX_SELECTOR_BYTES || exceedsJsonDepth(text, MAX_SELECTOR_DEPTH)) throw badRequest(MSG.selectorTooLarge);
    // A client's regular expression would run on the gateway's event loop: one catastrophic
    // pattern stalls every session, so this endpoint does not offer $regex.
    if (text.includes('"$regex"')) throw badRequest(MSG.badSelector);
    try {
      out.selector = selectorCore.massageSelector(selector);
      // Runs the matcher once so an unknown operator fails here, as a 400, not per row.
      selectorCore.matchesSelector({ _id: '' }, out.selector);
    } catch {
      throw badRequest(MSG.badSelector);
    }
  }
  return out;
}

/** The server's own selector as a row test, for feeds the gateway lists itself (pull-by-id.ts): the store's semantics. */
export function selectorMatcher(selector: object): (doc: object) => boolean {
  const massaged = selectorCore.massageSelector(selector);
  return (doc) => selectorCore.matchesSelector(doc, massaged);
}

export function matchesClientFilter(filter: ClientFilter, doc: { _id: string } & object): boolean {
  if (filter.docIds && !filter.docIds.has(doc._id)) return false;
  if (filter.selector) {
    try {
      return selectorCore.rowFilter(doc, filter.selector, Object.keys(filter.selector));
    } catch {
      return false;
    }
  }
  return true;
}
