/**
 * Loads pouchdb-node with its plugins and describes the slice of its API the embedded adapter uses.
 * Loaded through `require` because these CommonJS packages ship no types; declaring ambient modules
 * instead would clash with any other part of the project that declares the same names.
 */
import { createRequire } from 'node:module';
import './resolve-cache';
import type { EventEmitter } from 'node:events';
import type { MangoIndex, StoreDoc } from './port';

const require = createRequire(import.meta.url);

export interface PouchWrite {
  ok?: boolean;
  id?: string;
  rev?: string;
  error?: boolean | string;
  name?: string;
  status?: number;
  message?: string;
  reason?: string;
}

export interface PouchChangeRow {
  id: string;
  seq: number | string;
  changes: Array<{ rev: string }>;
  deleted?: boolean;
  doc?: StoreDoc;
}

export interface PouchChanges {
  results: PouchChangeRow[];
  last_seq: number | string;
}

export interface PouchChangesFeed extends EventEmitter, PromiseLike<PouchChanges> {
  cancel(): void;
}

export interface PouchDatabase {
  readonly name: string;
  info(): Promise<{ db_name: string; doc_count: number; update_seq: number | string }>;
  get<T = StoreDoc>(id: string, opts?: Record<string, unknown>): Promise<T>;
  put(doc: StoreDoc): Promise<PouchWrite>;
  remove(id: string, rev: string): Promise<PouchWrite>;
  bulkDocs(docs: StoreDoc[], opts?: { new_edits?: boolean }): Promise<PouchWrite[]>;
  revsDiff(revs: Record<string, string[]>): Promise<Record<string, { missing: string[]; possible_ancestors?: string[] }>>;
  find(query: object): Promise<{ docs: StoreDoc[]; warning?: string }>;
  createIndex(index: MangoIndex): Promise<{ result: string }>;
  changes(opts: Record<string, unknown>): PouchChangesFeed;
  allDocs(opts: Record<string, unknown>): Promise<{ rows: Array<{ id: string; key: string; value: { rev: string; deleted?: boolean }; doc?: StoreDoc; error?: string }> }>;
  getAttachment(docId: string, name: string, opts?: { rev?: string }): Promise<Buffer & { type?: string }>;
  putAttachment(docId: string, name: string, rev: string | undefined, data: Buffer, type: string): Promise<PouchWrite>;
  close(): Promise<void>;
  destroy(): Promise<void>;
  setMaxListeners(n: number): unknown;
}

export interface PouchConstructor {
  new (name: string, opts?: { adapter?: string; prefix?: string }): PouchDatabase;
  plugin(plugin: unknown): PouchConstructor;
}

const PouchDB = require('pouchdb-node') as PouchConstructor;
PouchDB.plugin(require('pouchdb-find'));
PouchDB.plugin(require('pouchdb-adapter-memory'));

export { PouchDB };
