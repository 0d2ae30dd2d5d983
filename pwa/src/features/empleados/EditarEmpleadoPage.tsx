/**
 * 'Editar Empleado' (/dashboard/empleados/editar/:empleadoId), spec 000 sections 2, 6, 8: admins
 * only; prefilled (dates cut to 10 characters); 'Asociar con Usuario' showing the linked user's
 * e-mail; 'Actualizar Empleado', then 'Empleado actualizado correctamente.' and the employee's
 * profile after 1.5 s; Cancelar goes to /dashboard/empleados/profile/{id}.
 */
import { useRef, type JSX } from 'react';
import { useParams } from 'react-router-dom';
import type { EmpleadoPublico } from '../../../../couch-design/empleado';
import { editFormDraft, useInitialDraft } from '../../components/form';
import { RecordShell } from '../../components/page';
import { DataError, useRecord, useResourceList, type Loadable } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useEmpleadosAccess } from './access';
import { forgetEmpleado } from './data/stored';
import { updateEmpleado } from './data/save';
import { usuariosResource } from './data/usuarios';
import { empleadosResource } from './data/empleados';
import { editDraftKey } from './form/drafts';
import { EmpleadoForm } from './form/EmpleadoForm';
import { linkedUserId, toBody, toFormValues, type EmpleadoFormValues } from './form/values';
import { ACTUALIZADO_OK, BTN_ACTUALIZAR, ERROR_CARGAR, ERROR_CONEXION, ERROR_GUARDAR, TITLE_EDITAR } from './texts';
import './empleados.css';

interface Opened {
  empleado: EmpleadoPublico;
  /** The record's values (the baseline) and what the form opens with (a draft over them). */
  values: EmpleadoFormValues;
  form: ReturnType<typeof editFormDraft<EmpleadoFormValues>>;
}

/** Without the network the form cannot open: said as a failure, like a gateway that could not be reached. */
const LOAD_TEXTS = {
  error: (err: unknown) => (err instanceof DataError && err.offline ? ERROR_CONEXION : ERROR_CARGAR),
  notFound: ERROR_CARGAR,
  offlineKind: 'error',
} as const;

/** The record stays loading until the form's values are taken from it. */
function opening(loaded: Loadable<EmpleadoPublico | null>, base: Opened | null): Loadable<Opened | null> {
  if (base) return { status: 'ready', value: base };
  if (loaded.status === 'ready') return loaded.value ? { status: 'loading' } : { status: 'ready', value: null };
  return loaded;
}

export default function EditarEmpleadoPage(): JSX.Element {
  const { empleadoId = '' } = useParams();
  const { ready, admin } = useEmpleadosAccess();
  const allowed = ready && admin;
  const [loaded] = useRecord(empleadosResource, empleadoId, allowed);
  const [users] = useResourceList(usuariosResource, allowed);
  // A lock (idle time) puts 'Desbloquear' in the form's place: what was typed waits as a draft.
  const draftKey = editDraftKey(empleadoId);
  const stored = useInitialDraft<EmpleadoFormValues>(allowed ? draftKey : null);

  // The form edits the record as it was opened; the users list only has to settle first, so the
  // selector shows the linked user's e-mail from the start.
  const opened = useRef<Opened | null>(null);
  if (!opened.current && loaded.status === 'ready' && loaded.value && users.status !== 'loading' && !stored.loading) {
    const empleado = loaded.value;
    const values = toFormValues(empleado, linkedUserId(empleado, users.status === 'ready' ? users.value : []));
    opened.current = { empleado, values, form: editFormDraft(draftKey, stored.draft, empleado._rev, values) };
  }
  const base = opened.current;

  if (ready && !admin) return <Redirect to={paths.home} />;

  const state = opening(loaded, base);

  return (
    <RecordShell title={TITLE_EDITAR} recordId={base?.empleado.id} state={state} texts={LOAD_TEXTS}>
      {({ empleado, values, form }) => (
        <EmpleadoForm
          initialValues={form.initialValues}
          baseline={values}
          draft={form.draft}
          empleadoId={empleado.id}
          fotoActual={empleado.foto_perfil}
          admin={admin}
          users={users}
          submitText={BTN_ACTUALIZAR}
          successText={ACTUALIZADO_OK}
          errorFallback={ERROR_GUARDAR}
          exitTo={paths.empleadoProfileAlt(empleado.id)}
          onSave={async (next) => {
            await updateEmpleado(empleado.id, toBody(next, { admin, initialUserId: values.userId, editing: true }), next.foto);
            // The profile must show the new data, not the copy kept when it was opened from the list.
            forgetEmpleado(empleado.id);
          }}
        />
      )}
    </RecordShell>
  );
}
