/**
 * Public sign-up (spec 000 section 6): authenticated visitors go home and anonymous ones to
 * sign-in. The registration form itself belongs to a later issue.
 */
import type { JSX } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

export default function SignUpPage(): JSX.Element {
  const { status } = useSession();
  return <Navigate to={status === 'authenticated' ? paths.home : paths.signIn} replace />;
}
