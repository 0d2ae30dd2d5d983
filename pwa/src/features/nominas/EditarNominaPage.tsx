/**
 * 'Editar Nómina' (/dashboard/nomina/update/{nominaId}, spec 000 section 2): 'Cargando datos de
 * la nómina...', the employee's name read-only, concepto de pago, salario and fecha (a dd/mm/yyyy
 * date shown yyyy-mm-dd in the date input), Cancelar and Guardar Cambios, then the employee
 * profile. Admins only, as every payroll write (docs/architecture.md section 6); the gateway refuses others too.
 *
 * Section 8 says a failed load or update is "only logged": here it is logged and also said, since
 * a save that silently did nothing loses the admin's work.
 */
import { useMemo, type JSX } from 'react';
import { useParams } from 'react-router-dom';
import type { Nomina } from '../../../../couch-design/nomina';
import { canManagePayroll } from '../../../../couch-design/roles';
import { RecordShell } from '../../components/page';
import { DataError, useLoad } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { getNomina, updateNomina } from './data/rest';
import { NominaForm } from './form/NominaForm';
import { toFormValues, toNominaFields, type NominaFormValues } from './form/values';
import { ACTUALIZADA, BTN_GUARDAR_CAMBIOS, CARGANDO_NOMINA, DESCARTAR_PREGUNTA, ERROR_GUARDAR, NOMINA_NO_ENCONTRADA, SALIR_PREGUNTA, TITLE_EDITAR } from './texts';
import './nominas.css';

const TEXTS = { submit: BTN_GUARDAR_CAMBIOS, success: ACTUALIZADA, errorFallback: ERROR_GUARDAR, leave: { leave: SALIR_PREGUNTA, discard: DESCARTAR_PREGUNTA } };

const LOAD_TEXTS = {
  loading: CARGANDO_NOMINA,
  error: (err: unknown) => (err instanceof DataError ? err.message : NOMINA_NO_ENCONTRADA),
  logAs: 'No se pudo cargar la nómina.',
  notFound: NOMINA_NO_ENCONTRADA,
};

function EditarNominaForm({ nomina }: { nomina: Nomina }): JSX.Element {
  const initial = useMemo(() => toFormValues(nomina), [nomina]);
  const save = async (values: NominaFormValues) => {
    await updateNomina(nomina._id, { ...toNominaFields(values), empleado: nomina.empleado, empleadoId: nomina.empleadoId, _rev: nomina._rev });
  };
  return <NominaForm nombre={nomina.empleado} initial={initial} texts={TEXTS} onSave={save} exitTo={paths.empleadoProfile(nomina.empleadoId)} />;
}

export default function EditarNominaPage(): JSX.Element {
  const { nominaId = '' } = useParams();
  const { user } = useSession();
  const admin = canManagePayroll(user?.role);
  const [nomina] = useLoad(() => getNomina(nominaId), { source: 'rest', enabled: admin && nominaId !== '' });
  if (!admin) return <Redirect to={paths.home} />;

  return (
    <RecordShell title={TITLE_EDITAR} state={nomina} texts={LOAD_TEXTS}>
      {(n) => <EditarNominaForm nomina={n} />}
    </RecordShell>
  );
}
