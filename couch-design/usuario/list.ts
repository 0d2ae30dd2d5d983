/**
 * The users list rules: search (spec 000 section 5) and order (section 9). Pure, so the gateway
 * and the PWA filter and sort with one meaning.
 *
 * Search: case- and accent-insensitive, anywhere in the full name, e-mail, position, phone or role
 * (the stored role and its Spanish label, so 'administrador' finds 'administrator'). Several words
 * must each appear somewhere; a blank search shows everyone.
 * Order: any role containing 'admin' first, then by first name, then surnames and id so the order
 * is total and stable.
 */
import { compareByName, fullName, type PersonListFields } from '../helpers/names';
import { matchesSearch, searchText } from '../helpers/search';
import { hasAdminBadge, roleLabel } from '../roles';

type UserLike = PersonListFields & { role?: string };

export function userSearchText(u: UserLike): string {
  return searchText([fullName(u), u.email, u.pust, u.telefono, u.role, u.role ? roleLabel(u.role) : '']);
}

export function matchesUserSearch(u: UserLike, search: string | null | undefined): boolean {
  return matchesSearch(() => userSearchText(u), search);
}

export function compareUsuarios(a: UserLike, b: UserLike): number {
  return Number(hasAdminBadge(b.role)) - Number(hasAdminBadge(a.role)) || compareByName(a, b);
}

/** The users list as shown: matching the search, admins first, then by first name. */
export function listUsuarios<T extends UserLike>(users: readonly T[], search?: string | null): T[] {
  return users.filter((u) => matchesUserSearch(u, search)).sort(compareUsuarios);
}
