/**
 * REST-backed resources: the records live behind the gateway (users, employees, other people's
 * payroll). Each endpoint's answer names its records differently (`users`, `empleados`,
 * `nominas`...), so the caller says where to find them. A record endpoint without a list of its
 * own (a payslip: lists go by employee) is a `restRecord`.
 */
import { api } from '../api';
import type { WritableResource } from './resource';

export interface RestRecordOptions<Input> {
  /** URL of one record, e.g. `(id) => `/api/users/${encodeURIComponent(id)}``. */
  itemUrl: (id: string) => string;
  /** The record inside the item answer, e.g. `(body) => body.user`. */
  pickItem: (body: Record<string, unknown>) => unknown;
  /** The body sent for `input` (default: `input` itself). */
  toBody?: (input: Input) => unknown;
  /** Reads give up after this long (e.g. a name shown beside local data must not hang the screen). */
  readTimeoutMs?: number;
}

export interface RestResourceOptions<Input> extends RestRecordOptions<Input> {
  /** GET of the whole list, e.g. `/api/users`. */
  listUrl: string;
  /** The records inside the list answer, e.g. `(body) => body.users`. */
  pickList: (body: Record<string, unknown>) => unknown;
  /** POST target for a new record (default `listUrl`). */
  createUrl?: string;
}

/** One record read by id (null when it does not exist or is not the person's to see) and replaced by PUT. */
export interface RestRecord<T, Input> {
  get(id: string): Promise<T | null>;
  update(id: string, input: Input): Promise<T>;
}

const isNotFound = (err: unknown): boolean => (err as { status?: number } | null)?.status === 404;

export function restRecord<T, Input = Partial<T>>(opts: RestRecordOptions<Input>): RestRecord<T, Input> {
  const toBody = opts.toBody ?? ((input: Input) => input);
  return {
    async get(id) {
      try {
        return (opts.pickItem(await api.get<Record<string, unknown>>(opts.itemUrl(id), { timeoutMs: opts.readTimeoutMs })) as T) ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async update(id, input) {
      const body = await api.put<Record<string, unknown>>(opts.itemUrl(id), toBody(input));
      return (opts.pickItem(body) as T) ?? (input as unknown as T);
    },
  };
}

export function restResource<T, Input = Partial<T>>(opts: RestResourceOptions<Input>): WritableResource<T, Input> {
  const toBody = opts.toBody ?? ((input: Input) => input);
  const record = restRecord<T, Input>(opts);
  return {
    source: 'rest',
    async list() {
      const body = await api.get<Record<string, unknown>>(opts.listUrl, { timeoutMs: opts.readTimeoutMs });
      const rows = opts.pickList(body);
      return Array.isArray(rows) ? (rows as T[]) : [];
    },
    get: (id) => record.get(id),
    async save(input, id) {
      if (id !== undefined) return record.update(id, input);
      const body = await api.post<Record<string, unknown>>(opts.createUrl ?? opts.listUrl, toBody(input));
      return (opts.pickItem(body) as T) ?? (input as unknown as T);
    },
    async remove(id) {
      await api.del(opts.itemUrl(id));
    },
  };
}
