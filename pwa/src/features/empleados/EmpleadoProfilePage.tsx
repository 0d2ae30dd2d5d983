/**
 * The employee profile (/dashboard/empleado-profile/:empleadoId, also read as
 * /dashboard/empleados/profile/:empleadoId), spec 000 sections 2, 4, 6: admins, or the person
 * linked to this employee. The copy kept when the list opened it shows at once, then the
 * server's. 'Perfil Personal' and 'Información Laboral' open under their headings; the payroll
 * part, which another feature draws through `renderPayroll`, first mounts (and loads) when
 * 'Información Laboral' is first opened.
 */
import { Button, Card, Intent } from '@blueprintjs/core';
import { useMemo, type JSX, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DATE_FILTER_PARAMS } from '../../../../couch-design/nomina';
import { fullName, type EmpleadoPublico } from '../../../../couch-design/empleado';
import { canViewEmployeeProfile } from '../../../../couch-design/roles';
import { Banner, Facts, StatusTag } from '../../components/feedback';
import { CollapsibleSection, RecordShell, shownRecord } from '../../components/page';
import { NEEDS_NETWORK, useRecord } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useEmpleadosAccess } from './access';
import { empleadosResource } from './data/empleados';
import { storedEmpleado } from './data/stored';
import { usuariosResource } from './data/usuarios';
import { estadoChip } from './list/columns';
import { EmpleadoFoto } from './profile/EmpleadoFoto';
import { laboralFacts, personalFacts } from './profile/facts';
import { BTN_EDITAR, BTN_VOLVER, COPIA_GUARDADA, ERROR_CARGAR, SECCION_LABORAL, SECCION_PERFIL, TITLE_PERFIL, USUARIO_ASOCIADO } from './texts';
import './empleados.css';

export interface EmpleadoProfilePageProps {
  /** The employee's payroll (another feature), drawn inside 'Información Laboral' once it is opened. */
  renderPayroll?: (empleado: EmpleadoPublico, isAdmin: boolean) => ReactNode;
}

/** Admins reach the account through the user detail; the linked person sees their own e-mail. */
function UsuarioAsociado({ empleado, admin, ownEmail }: { empleado: EmpleadoPublico; admin: boolean; ownEmail: string }): JSX.Element | null {
  const [user] = useRecord(usuariosResource, empleado.userId ?? '', admin && !!empleado.userId);
  if (!admin) {
    return ownEmail ? (
      <div className="emp-linked">
        <Facts items={[{ label: USUARIO_ASOCIADO, value: ownEmail, wide: true }]} />
      </div>
    ) : null;
  }
  if (!empleado.userId || user.status !== 'ready' || !user.value) return null;
  return (
    <div className="emp-linked">
      <Facts items={[{ label: USUARIO_ASOCIADO, value: <Link to={paths.userProfile(user.value.id)}>{user.value.email}</Link>, wide: true }]} />
    </div>
  );
}

/** Calls `renderPayroll` only once mounted, i.e. once the section was opened. */
function Payroll({ render, empleado, admin }: { render: NonNullable<EmpleadoProfilePageProps['renderPayroll']>; empleado: EmpleadoPublico; admin: boolean }): JSX.Element {
  return <div className="emp-payroll">{render(empleado, admin)}</div>;
}

/** No copy without the network says so as a failure; a copy the gateway could not confirm says which it is. */
const LOAD_TEXTS = { error: ERROR_CARGAR, notFound: ERROR_CARGAR, offlineKind: 'error' } as const;

function staleNotice({ status }: { status: string }): JSX.Element | null {
  if (status === 'offline')
    return (
      <Banner intent={Intent.WARNING} icon="offline">
        {NEEDS_NETWORK}
      </Banner>
    );
  return status === 'error' ? <Banner intent={Intent.WARNING}>{COPIA_GUARDADA}</Banner> : null;
}

export default function EmpleadoProfilePage({ renderPayroll }: EmpleadoProfilePageProps): JSX.Element {
  const { empleadoId = '' } = useParams();
  const navigate = useNavigate();
  // A link or reload carrying the payroll's date filter shows that payroll at once.
  const [params] = useSearchParams();
  const payrollInUrl = DATE_FILTER_PARAMS.some((key) => params.has(key));
  const { ready, admin, user } = useEmpleadosAccess();
  const allowed = ready && !!user && canViewEmployeeProfile(user, empleadoId);
  const stored = useMemo(() => storedEmpleado(empleadoId), [empleadoId]);
  const [loaded] = useRecord(empleadosResource, empleadoId, allowed);

  if (ready && !allowed) return <Redirect to={paths.home} />;

  const empleado = shownRecord(loaded, stored);
  const back = () => navigate(admin ? paths.empleados : paths.home);
  const actions = (
    <>
      <Button icon="arrow-left" size="large" onClick={back}>
        {BTN_VOLVER}
      </Button>
      {admin && empleado ? (
        <Button icon="edit" intent={Intent.PRIMARY} size="large" onClick={() => navigate(paths.editEmpleado(empleado.id))}>
          {BTN_EDITAR}
        </Button>
      ) : null}
    </>
  );

  return (
    <RecordShell title={TITLE_PERFIL} actions={actions} state={loaded} waiting={!ready} stored={stored} staleNotice={staleNotice} texts={LOAD_TEXTS}>
      {(e) => (
        <>
          <Card className="page-card emp-hero" data-testid="empleado-hero">
            <EmpleadoFoto src={e.foto_perfil} name={fullName(e)} />
            <div className="emp-hero__text">
              <p className="emp-hero__name" data-testid="empleado-nombre">
                {fullName(e)}
              </p>
              <p className="emp-hero__pust">{e.pust}</p>
              <StatusTag chip={estadoChip(e.estado)} />
            </div>
          </Card>

          <CollapsibleSection title={SECCION_PERFIL} testId="seccion-perfil">
            <Facts items={personalFacts(e)} />
            <UsuarioAsociado empleado={e} admin={admin} ownEmail={user?.email ?? ''} />
          </CollapsibleSection>

          <CollapsibleSection title={SECCION_LABORAL} defaultOpen={payrollInUrl} lazy testId="seccion-laboral">
            <Facts items={laboralFacts(e)} />
            {renderPayroll ? <Payroll render={renderPayroll} empleado={e} admin={admin} /> : null}
          </CollapsibleSection>
        </>
      )}
    </RecordShell>
  );
}
