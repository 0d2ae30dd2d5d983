/**
 * The own profile's 'Nóminas' tab (spec 000 section 2): Fecha, Concepto, Monto and Acciones (the
 * PDF, opened in a new tab), or 'No hay nóminas disponibles' with a hint to ask the administrator.
 * The signed-in person's own payslips come from the device (offline too); an admin looking at
 * someone else's profile reads that person's payslips from the gateway.
 */
import { NonIdealState } from '@blueprintjs/core';
import type { JSX } from 'react';
import type { Nomina } from '../../../../couch-design/nomina';
import type { UsuarioPublico } from '../../../../couch-design/usuario';
import { Banner } from '../../components/feedback';
import { ListStates, useRowTask } from '../../components/list';
import { useLoad, useResourceList, type Loadable } from '../../lib/data';
import { useSession } from '../../lib/session';
import { misNominas } from './data/mias';
import { openOwnNominaPdf } from './data/pdf';
import { listNominasDeEmpleado, NOMINAS_MAX_LIMIT, verNominaUrl } from './data/rest';
import { NominasTable } from './list/NominasTable';
import { ACCION_PDF, CARGANDO_NOMINAS, COL_MONTO, ERROR_CARGAR_NOMINAS, ERROR_PDF, SIN_NOMINAS_DISPONIBLES, SIN_NOMINAS_HINT } from './texts';
import './nominas.css';

export interface PerfilNominasProps {
  user: Pick<UsuarioPublico, '_id' | 'empleado_id'>;
}

const LOAD_TEXTS = { loading: CARGANDO_NOMINAS, error: ERROR_CARGAR_NOMINAS, logAs: 'No se pudieron cargar las nóminas del perfil.' };
const none = () => <NonIdealState icon="document" title={SIN_NOMINAS_DISPONIBLES} description={SIN_NOMINAS_HINT} />;
const noRows = (rows: Nomina[]) => rows.length === 0;

function Payslips({ list, open }: { list: Loadable<Nomina[]>; open: (n: Nomina) => Promise<void> }): JSX.Element {
  const pdf = useRowTask(open, (n: Nomina) => n._id);
  return (
    <ListStates state={list} texts={LOAD_TEXTS} isEmpty={noRows} empty={none}>
      {(rows) => (
        <>
          {pdf.failed ? (
            <Banner intent="danger" onClose={pdf.dismiss}>
              {ERROR_PDF}
            </Banner>
          ) : null}
          <NominasTable rows={rows} amountHeader={COL_MONTO} actions={[{ label: ACCION_PDF, icon: 'download', run: pdf.run, busy: pdf.busy }]} />
        </>
      )}
    </ListStates>
  );
}

function OwnPayslips(): JSX.Element {
  const [list] = useResourceList(misNominas);
  return <Payslips list={list} open={openOwnNominaPdf} />;
}

async function openFromGateway(n: Nomina): Promise<void> {
  window.open(verNominaUrl(n._id), '_blank', 'noopener');
}

function PayslipsOf({ empleadoId }: { empleadoId: string }): JSX.Element {
  // Every payslip of the person: the most the list endpoint answers at once.
  const [list] = useLoad(async () => (await listNominasDeEmpleado(empleadoId, {}, NOMINAS_MAX_LIMIT)).nominas, { source: 'rest' });
  return <Payslips list={list} open={openFromGateway} />;
}

export function PerfilNominas({ user }: PerfilNominasProps): JSX.Element {
  const { user: me } = useSession();
  if (me && me.id === user._id) return <OwnPayslips />;
  if (!user.empleado_id) return none();
  return <PayslipsOf key={user.empleado_id} empleadoId={user.empleado_id} />;
}
