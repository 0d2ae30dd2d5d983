/**
 * 'Documentos de {first name} {paternal surname}' (/dashboard/empleado-documents/{empleadoId},
 * spec 000 section 2): one card per payslip (1 column on a phone, 2 on medium and 3 on large
 * screens) with its concept, 'Fecha:', 'Monto: $' and an icon that opens the document in a new
 * tab; the empty state with 'Crear Nueva Nómina' for admins; back to the employee profile.
 */
import { Button, Card, Icon, Intent, NonIdealState } from '@blueprintjs/core';
import type { JSX } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { conceptoLabel, fechaLabel, salarioLabel, type Nomina } from '../../../../couch-design/nomina';
import { canManagePayroll, canViewEmployeeProfile } from '../../../../couch-design/roles';
import { ListStates } from '../../components/list';
import { Page, PageHeader } from '../../components/page';
import { DataError, useLoad, useRecord } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { empleadosResource } from '../../lib/resources';
import { listNominasDeEmpleado, NOMINAS_MAX_LIMIT, verNominaUrl } from './data/rest';
import { RecentNote } from './list/RecentNote';
import {
  ACCION_DOCUMENTO,
  BTN_CREAR,
  BTN_VOLVER,
  CARGANDO_NOMINAS,
  DOC_FECHA,
  DOC_MONTO,
  documentosDe,
  ERROR_CARGAR_NOMINAS,
  SIN_DOCUMENTOS,
  SIN_DOCUMENTOS_DETALLE,
  TITLE_DOCUMENTOS,
} from './texts';
import './nominas.css';

/** 'Monto: $' already carries the sign: the amount follows without its own. */
const montoSinSigno = (n: Nomina): string => salarioLabel(n).replace(/^\$/, '');

function DocumentCard({ nomina }: { nomina: Nomina }): JSX.Element {
  const concepto = conceptoLabel(nomina);
  const open = () => window.open(nomina.url || verNominaUrl(nomina._id), '_blank', 'noopener');
  return (
    <Card className="nominas-doc" data-testid="nomina-doc">
      <Icon icon="document" size={24} className="nominas-doc__icon" aria-hidden />
      <h2 className="nominas-doc__title">{concepto}</h2>
      <Button variant="minimal" intent={Intent.PRIMARY} icon="download" aria-label={`${ACCION_DOCUMENTO}: ${concepto}`} title={ACCION_DOCUMENTO} onClick={open} />
      <div className="nominas-doc__lines">
        <p className="nominas-doc__line">
          {DOC_FECHA} {fechaLabel(nomina)}
        </p>
        <p className="nominas-doc__line">
          {DOC_MONTO}
          {montoSinSigno(nomina)}
        </p>
      </div>
    </Card>
  );
}

const LOAD_TEXTS = {
  loading: CARGANDO_NOMINAS,
  error: (err: unknown) => (err instanceof DataError ? err.message : ERROR_CARGAR_NOMINAS),
  logAs: 'No se pudieron cargar los documentos del empleado.',
};

export default function DocumentosEmpleadoPage(): JSX.Element {
  const { empleadoId = '' } = useParams();
  const navigate = useNavigate();
  const { status, user } = useSession();
  const admin = canManagePayroll(user?.role);
  // The same answer as the employee's profile (issue 20 item 5): someone else's documents are
  // out of a non-admin's scope, so they go home without asking the gateway.
  const ready = status === 'authenticated' && !!user;
  const allowed = ready && canViewEmployeeProfile(user, empleadoId);
  const [empleado] = useRecord(empleadosResource, empleadoId, allowed);
  // Every document of the employee: the most the list endpoint answers at once.
  const [list] = useLoad(() => listNominasDeEmpleado(empleadoId, {}, NOMINAS_MAX_LIMIT), { source: 'rest', enabled: allowed && empleadoId !== '' });

  const e = empleado.status === 'ready' ? empleado.value : null;
  const title = e ? documentosDe(e.prim_nom, e.apell_pa) : TITLE_DOCUMENTOS;
  const toCreate = () => void navigate(paths.newNomina(empleadoId));
  if (ready && !allowed) return <Redirect to={paths.home} />;

  const body = (
    <ListStates
      state={list}
      texts={LOAD_TEXTS}
      isEmpty={(page) => page.nominas.length === 0}
      empty={() => (
        <NonIdealState
          icon="document"
          title={SIN_DOCUMENTOS}
          description={SIN_DOCUMENTOS_DETALLE}
          action={
            admin ? (
              <Button icon="add" intent={Intent.PRIMARY} size="large" onClick={toCreate}>
                {BTN_CREAR}
              </Button>
            ) : undefined
          }
        />
      )}
    >
      {(page) => (
        <>
          <div className="nominas-docs">
            {page.nominas.map((n) => (
              <DocumentCard key={n._id} nomina={n} />
            ))}
          </div>
          <RecentNote page={page} />
        </>
      )}
    </ListStates>
  );

  return (
    <Page>
      <PageHeader
        title={title}
        actions={
          <>
            <Button icon="arrow-left" size="large" onClick={() => void navigate(paths.empleadoProfile(empleadoId))}>
              {BTN_VOLVER}
            </Button>
            {admin && list.status === 'ready' && list.value.nominas.length > 0 ? (
              <Button icon="add" intent={Intent.PRIMARY} size="large" onClick={toCreate}>
                {BTN_CREAR}
              </Button>
            ) : null}
          </>
        }
      />
      {body}
    </Page>
  );
}
