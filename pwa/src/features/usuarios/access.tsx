/**
 * Who may open the user screens (spec 000 section 6, docs/architecture.md section 6): the list and create
 * screens are admins'; a person may also open their own detail and edit screens. Everyone else
 * goes to /dashboard/home. The gateway enforces the same rules on every call.
 */
import type { JSX, ReactNode } from 'react';
import { canManageUsers } from '../../../../couch-design/roles';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';

export function useViewer(): { id: string; admin: boolean } {
  const { user } = useSession();
  return { id: user?.id ?? '', admin: canManageUsers(user?.role) };
}

/** Renders `children` for admins (and, with `selfId`, for that person); sends anyone else home. */
export function AdminOnly({ children, selfId }: { children: ReactNode; selfId?: string }): JSX.Element {
  const viewer = useViewer();
  if (viewer.admin || (selfId !== undefined && selfId === viewer.id)) return <>{children}</>;
  return <Redirect to={paths.home} />;
}
