/** The replication endpoint reads the counter a write's `scope-lost` effect moves (policy/scope-epoch.ts). */
export { bumpScopeEpoch, readScopeEpoch, type BumpOptions } from '../policy/scope-epoch';
