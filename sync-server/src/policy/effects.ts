/**
 * The effects of stored writes (couch-design/entity.ts, `WriteEffect`), run here and only here,
 * for REST and for `/db` alike: each service and the replication endpoint stores what its entity's
 * write policy decided, then hands the decisions to `runWriteEffects`.
 */
import type { WriteEffect } from '../../../couch-design/entity';
import type { Actors } from '../http/actor';
import type { Store } from '../store/port';
import { bumpScopeEpoch } from './scope-epoch';

export interface EffectDeps {
  store: Store;
  /** Told to forget a person whose scope moved. */
  sessionUsers?: Pick<Actors, 'invalidate'>;
}

/** What a stored write's decision asks for (couch-design/write-policy.ts, `WriteDecision`). */
export interface DecidedEffects {
  /** A person who lost the record from their scope (a reassignment). */
  scopeLostBy?: string;
}

/**
 * Runs the effects the entity declares for writes already stored, once per person however many
 * writes name them. The writes are done: a failed effect is logged, never turned into an error
 * the client would retry (the retry finds the revision stored and would never run it again).
 */
export async function runWriteEffects(deps: EffectDeps, declared: readonly WriteEffect[] | undefined, decided: readonly DecidedEffects[]): Promise<void> {
  if (!declared?.includes('scope-lost')) return;
  for (const from of new Set(decided.map((d) => d.scopeLostBy).filter((x): x is string => !!x))) {
    await bumpScopeEpoch(deps.store, from, deps.sessionUsers).catch((e: unknown) => console.error('No se pudo renovar el alcance de', from, e));
  }
}
