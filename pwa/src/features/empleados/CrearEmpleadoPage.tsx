/**
 * 'Crear Nuevo Empleado' (/dashboard/empleados/crear), spec 000 sections 2, 6, 8: admins only;
 * estado 'Activo' by default; 'Guardar Empleado' ('Guardando...'), then 'Empleado creado
 * exitosamente. Redirigiendo...' and the list after 1.5 s.
 */
import type { JSX } from 'react';
import { Feedback } from '../../components/feedback';
import { Page, PageHeader } from '../../components/page';
import { useResourceList } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useEmpleadosAccess } from './access';
import { createEmpleado } from './data/save';
import { usuariosResource } from './data/usuarios';
import { EmpleadoForm } from './form/EmpleadoForm';
import { EMPTY_EMPLEADO, toBody } from './form/values';
import { BTN_GUARDAR, CREADO_OK, ERROR_CREAR, TITLE_CREAR } from './texts';
import './empleados.css';

export default function CrearEmpleadoPage(): JSX.Element {
  const { ready, admin } = useEmpleadosAccess();
  const [users] = useResourceList(usuariosResource, ready && admin);
  if (ready && !admin) return <Redirect to={paths.home} />;
  return (
    <Page>
      <PageHeader title={TITLE_CREAR} />
      {!ready ? (
        <Feedback kind="loading" />
      ) : (
        <EmpleadoForm
          initialValues={EMPTY_EMPLEADO}
          empleadoId={null}
          fotoActual={null}
          admin={admin}
          users={users}
          submitText={BTN_GUARDAR}
          successText={CREADO_OK}
          errorFallback={ERROR_CREAR}
          exitTo={paths.empleados}
          onSave={async (values) => {
            await createEmpleado(toBody(values, { admin, initialUserId: '' }), values.foto);
          }}
        />
      )}
    </Page>
  );
}
