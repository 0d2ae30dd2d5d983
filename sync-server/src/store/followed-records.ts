/**
 * A repository's `getMany` answered from memory while its database's feed is followed: the write
 * policies ask which accounts and employees exist on every push batch, and these change rarely.
 */
import { FollowedCache } from './followed-cache';
import type { Follower } from './follower';

export interface ManyById<T extends { _id: string }> {
  getMany(ids: readonly string[]): Promise<T[]>;
}

export function followedRecords<T extends { _id: string }>(source: ManyById<T>, follower: Follower): ManyById<T> {
  const cache = new FollowedCache<T | null>(follower);
  return {
    async getMany(ids) {
      const found = await cache.getMany(ids, async (missing) => {
        const got = new Map<string, T | null>(missing.map((id) => [id, null]));
        for (const doc of await source.getMany(missing)) got.set(doc._id, doc);
        return got;
      });
      return [...new Set(ids)].flatMap((id) => {
        const doc = found.get(id);
        return doc ? [doc] : [];
      });
    },
  };
}
