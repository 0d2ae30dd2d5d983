/**
 * The facts a write policy reads about other records (couch-design/write-policy.ts): which user
 * accounts a write names exist, and the names of the employees it names. Looked up once per
 * request, for REST and replication alike, from the app's repositories (wired in app.ts).
 */
import type { EntityWrite, WriteFacts, WritePolicy, WriteState } from '../../../couch-design/write-policy';
import { fullName } from '../../../couch-design/helpers/names';
import type { NameParts } from '../../../couch-design/helpers/names';
import type { ChildrenReader } from './children';
import type { ParentsReader } from './parent-facts';

/** Records by id in one call, missing, deleted or other kinds left out (DocRepository.getMany). */
export interface RecordsById<T> {
  getMany(ids: readonly string[]): Promise<T[]>;
}

export interface FactSources {
  usuarios: RecordsById<{ _id: string }>;
  empleados: RecordsById<{ _id: string } & NameParts>;
  /** The parents a child entity's writes name (policy/parent-facts.ts). */
  parents?: ParentsReader;
  /** Their children, for a rule over a parent's children (policy/children.ts). */
  children?: ChildrenReader;
}

/** One write to decide: what the client sent and what the server holds for that id. */
export interface PendingWrite {
  doc: EntityWrite['doc'];
  state: WriteState;
}

export type WriteFactsReader = (policy: WritePolicy, writes: readonly PendingWrite[]) => Promise<WriteFacts>;

export function writeFactsReader({ usuarios, empleados, parents, children }: FactSources): WriteFactsReader {
  return async (policy, writes) => {
    const named = (pick: ((doc: PendingWrite['doc'], state: WriteState) => string[]) | undefined): string[] =>
      pick ? [...new Set(writes.flatMap((w) => pick(w.doc, w.state)))] : [];
    const userIds = named(policy.usersNamed);
    const empleadoIds = named(policy.empleadosNamed);
    const parentsNamed = policy.parentsNamed;
    const parentIds = named(parentsNamed && ((doc, state) => parentsNamed.ids(doc, state)));
    const kids = parentsNamed?.children;
    const [users, emps, parentDocs, childDocs] = await Promise.all([
      userIds.length ? usuarios.getMany(userIds) : [],
      empleadoIds.length ? empleados.getMany(empleadoIds) : [],
      parentsNamed && parents ? parents(parentsNamed.database, parentIds) : undefined,
      kids && children ? children(kids, parentIds) : undefined,
    ]);
    return {
      existingUsers: new Set(users.map((u) => u._id)),
      empleados: new Map(emps.map((e) => [e._id, fullName(e)])),
      ...(parentDocs ? { parents: parentDocs } : {}),
      ...(childDocs ? { children: childDocs } : {}),
    };
  };
}
