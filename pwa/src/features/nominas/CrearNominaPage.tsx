/**
 * 'Crear Nueva Nómina' (/dashboard/nomina/crear/{empleadoId} and /dashboard/empleado/nomina/{empleadoId},
 * spec 000 section 2): the employee's full name, Salario prefilled from the employee's salary,
 * Fecha de Pago and a multiline Concepto de Pago; 'Creando...' while sending, then
 * 'Nómina creada correctamente. Redirigiendo...' and the employee profile 2 s later. Admins
 * only: anyone else goes to /dashboard/home (section 6).
 */
import { useMemo, type JSX } from 'react';
import { useParams } from 'react-router-dom';
import { fullName, type EmpleadoPublico } from '../../../../couch-design/empleado';
import { canManagePayroll } from '../../../../couch-design/roles';
import { RecordShell } from '../../components/page';
import { useRecord } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { empleadosResource } from '../../lib/resources';
import { createNomina } from './data/rest';
import { NominaForm } from './form/NominaForm';
import { toFormValues, toNominaFields, type NominaFormValues } from './form/values';
import {
  BTN_CREAR_NOMINA,
  CREADA,
  CREANDO,
  DESCARTAR_PREGUNTA,
  ERROR_CREAR_RED,
  ERROR_EMPLEADO_CARGA,
  ERROR_EMPLEADO_NO_CARGADO,
  SALIR_PREGUNTA,
  TITLE_CREAR,
} from './texts';
import './nominas.css';

const TEXTS = {
  submit: BTN_CREAR_NOMINA,
  saving: CREANDO,
  success: CREADA,
  errorFallback: ERROR_CREAR_RED,
  leave: { leave: SALIR_PREGUNTA, discard: DESCARTAR_PREGUNTA },
};

const LOAD_TEXTS = { error: ERROR_EMPLEADO_CARGA, logAs: 'No se pudo cargar el empleado de la nómina.', notFound: ERROR_EMPLEADO_NO_CARGADO, notFoundKind: 'error' } as const;

function CrearNominaForm({ empleado }: { empleado: EmpleadoPublico }): JSX.Element {
  const nombre = fullName(empleado);
  const initial = useMemo<NominaFormValues>(() => toFormValues({ salario: empleado.salario }), [empleado.salario]);
  const save = async (values: NominaFormValues) => {
    const fields = toNominaFields(values);
    await createNomina(empleado._id, { empleado: nombre, salario: fields.salario, fecha: fields.fecha, conceptoDePago: fields.conceptoDePago });
  };
  return <NominaForm nombre={nombre} initial={initial} texts={TEXTS} onSave={save} exitTo={paths.empleadoProfile(empleado._id)} />;
}

export default function CrearNominaPage(): JSX.Element {
  const { empleadoId = '' } = useParams();
  const { user } = useSession();
  const admin = canManagePayroll(user?.role);
  const [empleado] = useRecord(empleadosResource, empleadoId, admin);
  if (!admin) return <Redirect to={paths.home} />;

  return (
    <RecordShell title={TITLE_CREAR} state={empleado} texts={LOAD_TEXTS}>
      {(e) => <CrearNominaForm empleado={e} />}
    </RecordShell>
  );
}
