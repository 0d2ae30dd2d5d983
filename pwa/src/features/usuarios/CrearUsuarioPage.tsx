/** 'Crear Nuevo Usuario' (/dashboard/users/crear): the registration screen in dashboard mode, for admins. */
import type { JSX } from 'react';
import { Page, PageHeader } from '../../components/page';
import { paths } from '../../lib/paths';
import { AdminOnly } from './access';
import { RegistroUsuarioView } from './form/RegistroUsuarioView';
import { TITLE_CREAR } from './texts';

export default function CrearUsuarioPage(): JSX.Element {
  return (
    <AdminOnly>
      <Page>
        <PageHeader title={TITLE_CREAR} />
        <RegistroUsuarioView mode="admin" exitTo={paths.users} />
      </Page>
    </AdminOnly>
  );
}
