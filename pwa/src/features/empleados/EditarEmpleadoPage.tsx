/**
 * 'Editar Empleado' (/dashboard/empleados/editar/:empleadoId), spec 000 sections 2, 6, 8: admins
 * only; prefilled (dates cut to 10 characters); 'Asociar con Usuario' showing the linked user's
 * e-mail; 'Actualizar Empleado', then 'Empleado actualizado correctamente.' and the employee's
 * profile after 1.5 s; Cancelar goes to /dashboard/empleados/profile/{id}.
 */
import { useRef, type JSX } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { EmpleadoPublico } from '../../../../couch-design/empleado';
import { Feedback } from '../../components/feedback';
import { Page, PageHeader } from '../../components/page';
import { DataError, NEEDS_NETWORK, useRecord, useResourceList } from '../../lib/data';
import { paths } from '../../lib/paths';
import { useEmpleadosAccess } from './access';
import { forgetEmpleado } from './data/stored';
import { updateEmpleado } from './data/save';
import { usuariosResource } from './data/usuarios';
import { empleadosResource } from './data/empleados';
import { EmpleadoForm } from './form/EmpleadoForm';
import { linkedUserId, toBody, toFormValues, type EmpleadoFormValues } from './form/values';
import { ACTUALIZADO_OK, BTN_ACTUALIZAR, ERROR_CARGAR, ERROR_CONEXION, ERROR_GUARDAR, TITLE_EDITAR } from './texts';
import './empleados.css';

interface Opened {
  empleado: EmpleadoPublico;
  values: EmpleadoFormValues;
}

export default function EditarEmpleadoPage(): JSX.Element {
  const { empleadoId = '' } = useParams();
  const { ready, admin } = useEmpleadosAccess();
  const allowed = ready && admin;
  const [loaded] = useRecord(empleadosResource, empleadoId, allowed);
  const [users] = useResourceList(usuariosResource, allowed);

  // The form edits the record as it was opened; the users list only has to settle first, so the
  // selector shows the linked user's e-mail from the start.
  const opened = useRef<Opened | null>(null);
  if (!opened.current && loaded.status === 'ready' && loaded.value && users.status !== 'loading') {
    const empleado = loaded.value;
    opened.current = { empleado, values: toFormValues(empleado, linkedUserId(empleado, users.status === 'ready' ? users.value : [])) };
  }
  const base = opened.current;

  if (ready && !admin) return <Navigate to={paths.home} replace />;

  let body: JSX.Element;
  if (base) {
    const id = base.empleado.id;
    body = (
      <EmpleadoForm
        initialValues={base.values}
        empleadoId={id}
        fotoActual={base.empleado.foto_perfil}
        admin={admin}
        users={users}
        submitText={BTN_ACTUALIZAR}
        successText={ACTUALIZADO_OK}
        errorFallback={ERROR_GUARDAR}
        exitTo={paths.empleadoProfileAlt(id)}
        onSave={async (values) => {
          await updateEmpleado(id, toBody(values, { admin, initialUserId: base.values.userId, editing: true }), values.foto);
          // The profile must show the new data, not the copy kept when it was opened from the list.
          forgetEmpleado(id);
        }}
      />
    );
  } else if (loaded.status === 'offline') {
    body = <Feedback kind="error" text={NEEDS_NETWORK} />;
  } else if (loaded.status === 'error') {
    const unreachable = loaded.error instanceof DataError && loaded.error.offline;
    body = <Feedback kind="error" text={unreachable ? ERROR_CONEXION : ERROR_CARGAR} />;
  } else if (loaded.status === 'ready' && !loaded.value) {
    body = <Feedback kind="not-found" text={ERROR_CARGAR} />;
  } else {
    body = <Feedback kind="loading" />;
  }

  return (
    <Page>
      <PageHeader title={TITLE_EDITAR} recordId={base?.empleado.id} />
      {body}
    </Page>
  );
}
