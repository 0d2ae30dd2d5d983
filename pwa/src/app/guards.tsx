import type { JSX, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../lib/paths';
import { Redirect } from '../lib/redirect';
import { useSession } from '../lib/session';
import { VerifyingAuth } from './loading';

/** Everything under /dashboard needs a session (spec 000 section 2). */
export function RequireAuth({ children }: { children: ReactNode }): JSX.Element {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <VerifyingAuth />;
  if (status === 'anonymous') return <Redirect to={paths.signIn} state={{ from: location.pathname }} />;
  return <>{children}</>;
}
