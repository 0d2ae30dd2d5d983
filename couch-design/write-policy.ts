/**
 * The shape of a per-entity write policy: one pure function per kind of record that decides
 * whether a write is stored and what exactly is stored, used by REST and by the replication
 * endpoint alike (DESIGN section 4), so both paths accept the same thing. The gateway reads
 * what the decision needs (the revisions involved, the users a write names) and writes the result.
 */
import type { SessionUser } from './roles';

type Dict = Record<string, unknown>;

/** The signed-in person, as the gateway resolved them. */
export interface WriteUser extends SessionUser {
  nombre: string;
  email: string;
}

/** One write as a client sent it: the revision body, `_deleted: true` for a deletion. */
export interface EntityWrite {
  doc: Dict;
  /**
   * `api`: a REST body, cleaned and stamped by the server, which gives it its revision id.
   * `device`: a revision a device saved and replicates; it is stored under the device's own
   * revision id, so the server may check it but not change what the person entered.
   */
  source: 'api' | 'device';
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

/** Facts looked up once per request. */
export interface WriteFacts {
  /** Which of the user ids named by the writes (`WritePolicy.usersNamed`) are existing accounts. */
  existingUsers: ReadonlySet<string>;
}

export interface WriteIssue {
  param: string;
  msg: string;
}

export type WriteDecision =
  | {
      ok: true;
      /** The revision to store. */
      doc: Dict;
      /** A person who lost this record from their scope (a reassignment): their replication restarts. */
      scopeLostBy?: string;
    }
  | {
      ok: false;
      /** REST answers with it; replication answers `forbidden` whatever it is. */
      status: 400 | 403 | 404 | 413;
      /** Spanish, shown to the person. */
      reason: string;
      /** Field problems (`param`, `msg`), for REST's `errors`. */
      errors?: WriteIssue[];
    };

export interface WritePolicy {
  /** Set when this path never accepts a write of this kind: every write is refused unread. */
  readonly closed?: string;
  /** User ids a write names (an adviser) whose existence the decision needs. */
  usersNamed(doc: Dict): string[];
  decide(write: EntityWrite, state: WriteState, user: WriteUser, facts: WriteFacts): WriteDecision;
}

export const refusal = (status: 400 | 403 | 404 | 413, reason: string, errors?: WriteIssue[]): WriteDecision => ({
  ok: false,
  status,
  reason,
  ...(errors ? { errors } : {}),
});

/** A kind of record no client writes through this path. */
export function closedPolicy(reason: string): WritePolicy {
  return { closed: reason, usersNamed: () => [], decide: () => refusal(403, reason) };
}

/** Payslips are written by admins through the payroll screens only, never replicated up. */
export const nominaSyncPolicy = closedPolicy('Las nóminas solo las registra un administrador desde la sección de nóminas.');
