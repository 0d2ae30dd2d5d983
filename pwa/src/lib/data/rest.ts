/**
 * A REST-backed resource: the records live behind the gateway (users, employees, other people's
 * payroll). Each endpoint's answer names its records differently (`users`, `empleados`,
 * `nominas`...), so the caller says where to find them.
 */
import { api } from '../api';
import type { WritableResource } from './resource';

export interface RestResourceOptions<Input> {
  /** GET of the whole list, e.g. `/api/users`. */
  listUrl: string;
  /** The records inside the list answer, e.g. `(body) => body.users`. */
  pickList: (body: Record<string, unknown>) => unknown;
  /** URL of one record, e.g. `(id) => `/api/users/${encodeURIComponent(id)}``. */
  itemUrl: (id: string) => string;
  /** The record inside the item answer, e.g. `(body) => body.user`. */
  pickItem: (body: Record<string, unknown>) => unknown;
  /** POST target for a new record (default `listUrl`). */
  createUrl?: string;
  /** The body sent for `input` (default: `input` itself). */
  toBody?: (input: Input) => unknown;
  /** Reads give up after this long (e.g. a name shown beside local data must not hang the screen). */
  readTimeoutMs?: number;
}

const isNotFound = (err: unknown): boolean => (err as { status?: number } | null)?.status === 404;

export function restResource<T, Input = Partial<T>>(opts: RestResourceOptions<Input>): WritableResource<T, Input> {
  const toBody = opts.toBody ?? ((input: Input) => input);
  const read = { timeoutMs: opts.readTimeoutMs };
  return {
    source: 'rest',
    async list() {
      const body = await api.get<Record<string, unknown>>(opts.listUrl, read);
      const rows = opts.pickList(body);
      return Array.isArray(rows) ? (rows as T[]) : [];
    },
    async get(id) {
      try {
        return (opts.pickItem(await api.get<Record<string, unknown>>(opts.itemUrl(id), read)) as T) ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async save(input, id) {
      const body = id === undefined ? await api.post<Record<string, unknown>>(opts.createUrl ?? opts.listUrl, toBody(input)) : await api.put<Record<string, unknown>>(opts.itemUrl(id), toBody(input));
      return (opts.pickItem(body) as T) ?? (input as unknown as T);
    },
    async remove(id) {
      await api.del(opts.itemUrl(id));
    },
  };
}
