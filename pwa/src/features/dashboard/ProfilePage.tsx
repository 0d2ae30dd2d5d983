/**
 * /dashboard/profile and /dashboard/profile/:userId until the profile screen of a later issue:
 * who is signed in, and a notice for the rest.
 */
import { Card, Classes, Elevation, H3, Icon } from '@blueprintjs/core';
import type { JSX } from 'react';
import { roleLabel } from '../../../../couch-design/roles';
import { useSession } from '../../lib/session';
import './dashboard.css';

export default function ProfilePage(): JSX.Element {
  const { user } = useSession();
  return (
    <div className="app-page profile-placeholder">
      <Card elevation={Elevation.ONE} className="profile-placeholder__card">
        <div className="profile-placeholder__avatar" aria-hidden>
          <Icon icon="person" size={32} />
        </div>
        <div>
          <H3>{user?.nombre || 'Mi Perfil'}</H3>
          <dl className="profile-placeholder__facts">
            <dt>Correo electrónico</dt>
            <dd>{user?.email || 'No especificado'}</dd>
            <dt>Rol</dt>
            <dd>{roleLabel(user?.role)}</dd>
          </dl>
        </div>
      </Card>
      <Card elevation={Elevation.ZERO} className="profile-placeholder__notice">
        <Icon icon="build" intent="warning" />{' '}
        <strong>En construcción.</strong>{' '}
        <span className={Classes.TEXT_MUTED}>Esta sección estará disponible próximamente.</span>
      </Card>
    </div>
  );
}
