/** Who may do what on the employee screens (spec 000 section 6; the gateway enforces it). */
import { canManageEmployees } from '../../../../couch-design/roles';
import { useSession, type AuthUser } from '../../lib/session';

export interface EmpleadosAccess {
  user: AuthUser | null;
  /** The session is known (the auth check ended). */
  ready: boolean;
  admin: boolean;
}

export function useEmpleadosAccess(): EmpleadosAccess {
  const { status, user } = useSession();
  return { user, ready: status === 'authenticated' && !!user, admin: canManageEmployees(user?.role) };
}
