/**
 * The accounts an adviser id names (spec 001 section 3.1: an id resolved through
 * GET /api/users/{id}). REST, so only while online; a name shown beside local data gives up soon.
 */
import type { UserNameParts } from '../../../../../couch-design/captacion';
import { restResource } from '../../../lib/data';

export const advisers = restResource<UserNameParts, never>({
  listUrl: '/api/users',
  pickList: (body) => body.users,
  itemUrl: (id) => `/api/users/${encodeURIComponent(id)}`,
  // Older answers put the account at the top level.
  pickItem: (body) => body.user ?? body.usuario ?? (body.prim_nom || body.name ? body : null),
  readTimeoutMs: 5000,
});
