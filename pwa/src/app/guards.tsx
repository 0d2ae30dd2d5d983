import { lazy, Suspense, type JSX, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../lib/paths';
import { Redirect } from '../lib/redirect';
import { useSession } from '../lib/session';
import { VerifyingAuth } from './loading';

const UnlockPage = lazy(() => import('../features/auth/UnlockPage'));

/**
 * Everything under /dashboard needs a session (spec 000 section 2), and the person's key: a
 * locked device shows 'Desbloquear' in place of the screen (docs/architecture.md section 5).
 */
export function RequireAuth({ children }: { children: ReactNode }): JSX.Element {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <VerifyingAuth />;
  if (status === 'anonymous') return <Redirect to={paths.signIn} state={{ from: location.pathname }} />;
  if (status === 'locked') {
    return (
      <Suspense fallback={<VerifyingAuth />}>
        <UnlockPage />
      </Suspense>
    );
  }
  return <>{children}</>;
}
