/**
 * The shape of a per-entity write policy: one pure function per kind of record that decides
 * whether a write is stored and what exactly is stored, used by REST and by the replication
 * endpoint alike (docs/architecture.md section 4), so both paths accept the same thing. The gateway reads
 * what the decision needs (the revisions involved, the users a write names) and writes the result.
 */
import type { ValidationIssue } from './helpers/form-errors';
import type { Dict } from './helpers/values';
import type { SessionUser } from './roles';

/** The signed-in person, as the gateway resolved them. */
export interface WriteUser extends SessionUser {
  nombre: string;
  email: string;
}

/** REST (`api`) or replication (`device`). */
export type WriteSource = 'api' | 'device';

/** One write as a client sent it: the revision body, `_deleted: true` for a deletion. */
export interface EntityWrite {
  doc: Dict;
  /**
   * `api`: a REST body, cleaned and stamped by the server, which gives it its revision id.
   * `device`: a revision a device saved and replicates; it is stored under the device's own
   * revision id, so the server may check it but not change what the person entered.
   */
  source: WriteSource;
  /** The server's clock, ISO. */
  now: string;
}

/** What the server holds for this id. */
export interface WriteState {
  /** The revision the write was edited from (possibly a deletion), or null on creation. */
  base: Dict | null;
  /** The current winning revision, a deletion when every branch is deleted; null when the id never existed. */
  winner: Dict | null;
}

/** Facts about other records, looked up by the gateway once per request. */
export interface WriteFacts {
  /** Which of the user ids named by the writes (`WritePolicy.usersNamed`) are existing accounts. */
  existingUsers: ReadonlySet<string>;
  /** Full names of the existing employees the writes name (`WritePolicy.empleadosNamed`), by id. */
  empleados?: ReadonlyMap<string, string>;
  /** The current revisions (a tombstone when deleted) of the parents the writes name (`WritePolicy.parentsNamed`), by id; a parent that never existed is absent. */
  parents?: ReadonlyMap<string, Dict>;
  /**
   * The live children of those parents already stored, by parent id, with the fields
   * `parentsNamed.children` asks for (every named parent has an entry). A policy adds the ones it
   * accepts, so a per-parent rule holds across the writes of one request.
   */
  children?: ReadonlyMap<string, Dict[]>;
}

export type WriteDecision =
  | {
      ok: true;
      /** The revision to store. */
      doc: Dict;
      /** A person who lost this record from their scope (a reassignment): their replication restarts. */
      scopeLostBy?: string;
      /**
       * A deletion of the record itself, not of a losing branch (resolving a conflict): the gateway
       * deletes every other live leaf of it too, and what follows it (its children).
       */
      removesRecord?: boolean;
      /** The person it was reassigned to: their replication restarts too when the record has children (their children enter no feed on their own). */
      scopeGainedBy?: string;
    }
  | {
      ok: false;
      /** REST answers with it; replication answers `forbidden` whatever it is. */
      status: 400 | 403 | 404 | 413;
      /** Spanish, shown to the person. */
      reason: string;
      /** Field problems (`param`, `msg`), for REST's `errors`. */
      errors?: ValidationIssue[];
    };

/** Which children of the named parents a rule over them reads (`WriteFacts.children`): the relation's (couch-design/entity.ts, `ChildLink`). */
export interface ChildrenNamed {
  /** The child database, its field naming the parent and its index by that field. */
  database: string;
  field: string;
  byParent: { ddoc: string; name: string };
  /** At most this many children of one parent are read (more are refused already). */
  perParent: number;
  /** The fields read of each. */
  fields: readonly string[];
}

/** The one write policy of an entity, for every path that writes it. */
export interface WritePolicy {
  /** The reason every write from this source is refused before anything is read; undefined when it is decided one by one. */
  refusesUnread?(source: WriteSource): string | undefined;
  /** User ids a write names (an adviser) whose existence the decision needs. */
  usersNamed?(doc: Dict, state?: WriteState): string[];
  /** Employee ids a write names whose names the decision needs. */
  empleadosNamed?(doc: Dict, state?: WriteState): string[];
  /**
   * A child entity's parents (couch-design/child-entity.ts): their database and the ids a write
   * names (`WriteFacts.parents`), and, for a rule over a parent's children, which fields of them to
   * read (`WriteFacts.children`).
   */
  parentsNamed?: { database: string; ids(doc: Dict, state: WriteState): string[]; children?: ChildrenNamed };
  decide(write: EntityWrite, state: WriteState, user: WriteUser, facts: WriteFacts): WriteDecision;
}

export const refusal = (status: 400 | 403 | 404 | 413, reason: string, errors?: ValidationIssue[]): WriteDecision => ({
  ok: false,
  status,
  reason,
  ...(errors ? { errors } : {}),
});

/**
 * `decide`, with a value no rule foresaw (too deep to read, say) refused with `unreadable` (400),
 * never an error of the server.
 */
export function refusingUnforeseen<F extends WriteFacts>(decide: (write: EntityWrite, state: WriteState, user: WriteUser, facts: F) => WriteDecision, unreadable: string) {
  return (write: EntityWrite, state: WriteState, user: WriteUser, facts: F): WriteDecision => {
    try {
      return decide(write, state, user, facts);
    } catch {
      return refusal(400, unreadable);
    }
  };
}
