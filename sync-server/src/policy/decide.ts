/**
 * A REST write through an entity's one write policy: the facts it needs, its decision, and a
 * refusal turned into the HTTP answer (the first field problem as `mensaje`, all of them as `errors`).
 */
import type { WritePolicy, WriteState } from '../../../couch-design/write-policy';
import type { AuthUser } from '../http/actor';
import { HttpError } from '../http/errors';
import type { StoreDoc } from '../store/port';
import type { WriteFactsReader } from './facts';

export interface Decided {
  doc: StoreDoc;
  /** A person who lost this record from their scope (a reassignment). */
  scopeLostBy?: string;
  /** A deletion of the whole record (couch-design/write-policy.ts). */
  removesRecord?: boolean;
}

export async function decideApiWrite(
  policy: WritePolicy,
  facts: WriteFactsReader,
  actor: AuthUser,
  doc: Record<string, unknown>,
  state: WriteState,
  /** The feature's own "not found", answered for anything outside the actor's scope. */
  notFound?: string,
): Promise<Decided> {
  const d = policy.decide({ doc, source: 'api', now: new Date().toISOString() }, state, actor, await facts(policy, [{ doc, state }]));
  if (d.ok) return { doc: d.doc as StoreDoc, scopeLostBy: d.scopeLostBy, removesRecord: d.removesRecord };
  if (d.status === 404 && notFound) throw new HttpError(404, notFound);
  throw d.errors?.length ? new HttpError(d.status, d.errors[0].msg, { errors: d.errors }) : new HttpError(d.status, d.reason);
}
