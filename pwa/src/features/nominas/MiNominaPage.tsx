/**
 * 'Mi Nómina' (/dashboard/nominas/mi-nomina, spec 000 section 2): the signed-in person's payslips
 * in the 'Nóminas Table' (Fecha, Concepto, Salario, Acciones: the PDF). They come from the
 * device, where the sync engine keeps the linked employee's payslips: the list and every PDF work
 * offline, and what an admin creates, edits or deletes shows up while the screen is open.
 */
import { Intent, NonIdealState } from '@blueprintjs/core';
import type { JSX } from 'react';
import type { Nomina } from '../../../../couch-design/nomina';
import { Banner, Feedback } from '../../components/feedback';
import { ListStates, useRowTask } from '../../components/list';
import { Page, PageHeader } from '../../components/page';
import { useResourceList } from '../../lib/data';
import { useSession } from '../../lib/session';
import { useSyncState, type SyncState } from '../../lib/sync/state';
import { misNominas } from './data/mias';
import { saveOwnNominaPdf } from './data/pdf';
import { NominasTable } from './list/NominasTable';
import {
  ACCION_PDF,
  CARGANDO_NOMINAS,
  COL_SALARIO,
  DISPONIBLE_SIN_CONEXION,
  ERROR_CARGAR_NOMINAS,
  ERROR_CONEXION,
  ERROR_PDF,
  ERROR_USUARIO,
  SIN_EMPLEADO,
  SIN_NOMINAS_EMPLEADO,
  SINCRONIZANDO,
  TITLE_MI_NOMINA,
} from './texts';
import './nominas.css';

function Content({ rows }: { rows: Nomina[] }): JSX.Element {
  const pdf = useRowTask(saveOwnNominaPdf, (n: Nomina) => n._id);
  return (
    <>
      {pdf.failed ? (
        <Banner intent={Intent.DANGER} onClose={pdf.dismiss} testId="nominas-error">
          {ERROR_PDF}
        </Banner>
      ) : null}
      <NominasTable rows={rows} amountHeader={COL_SALARIO} actions={[{ label: ACCION_PDF, icon: 'download', run: pdf.run, busy: pdf.busy }]} />
      <p className="page-muted nominas-note">{DISPONIBLE_SIN_CONEXION}</p>
    </>
  );
}

/** The device's own payslips never need the network: a failed read is the device's. */
const LOAD_TEXTS = { loading: CARGANDO_NOMINAS, error: ERROR_CARGAR_NOMINAS, logAs: 'No se pudieron leer las nóminas de este dispositivo.' };
const noRows = (rows: Nomina[]) => rows.length === 0;

/** Why the device holds none: no linked employee, not synced yet, or truly none. */
function None({ empleadoId, sync }: { empleadoId: string | null | undefined; sync: SyncState }): JSX.Element {
  if (!empleadoId) return <NonIdealState icon="person" title={SIN_EMPLEADO} />;
  // Nothing on the device yet and no way to ask: the list would lie if it said "none".
  if (sync.lastSyncedAt === null && sync.status === 'offline') return <Feedback kind="error" text={ERROR_CONEXION} />;
  if (sync.lastSyncedAt === null && sync.status === 'syncing') return <Feedback kind="loading" text={SINCRONIZANDO} />;
  return <NonIdealState icon="document" title={SIN_NOMINAS_EMPLEADO} />;
}

export default function MiNominaPage(): JSX.Element {
  const { user } = useSession();
  const [list] = useResourceList(misNominas, !!user);
  const sync = useSyncState();

  const body = user ? (
    <ListStates state={list} texts={LOAD_TEXTS} isEmpty={noRows} empty={() => <None empleadoId={user.empleado_id} sync={sync} />}>
      {(rows) => <Content rows={rows} />}
    </ListStates>
  ) : (
    <Feedback kind="error" text={ERROR_USUARIO} />
  );

  return (
    <Page>
      <PageHeader title={TITLE_MI_NOMINA} />
      {body}
    </Page>
  );
}

