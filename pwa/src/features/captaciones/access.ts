/** Who may do what on the captación screens (spec 001 section 6, docs/architecture.md section 6). */
import { canCreateCaptacion, canDeleteCaptacion, canEditCaptacion } from '../../../../couch-design/roles';
import { useSession, type AuthUser } from '../../lib/session';

export interface CaptacionAccess {
  user: AuthUser | null;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export function useCaptacionAccess(): CaptacionAccess {
  const { user } = useSession();
  return {
    user,
    canCreate: canCreateCaptacion(user?.role),
    canEdit: canEditCaptacion(user?.role),
    canDelete: canDeleteCaptacion(user?.role),
  };
}
