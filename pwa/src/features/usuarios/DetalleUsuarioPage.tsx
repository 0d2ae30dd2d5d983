/**
 * User detail (/dashboard/user-profile/{userId}), spec 000 sections 2 and 4: back to the list,
 * 'Editar', the large photo, full name, position, birth date, address, role, e-mail, phone and
 * 'Empleado Vinculado' ('Ver empleado' or 'No vinculado a empleado'). The row chosen on the list
 * shows at once from session storage while the gateway is asked again. An admin also sees the
 * person's devices and 'Cerrar sesión en todos los dispositivos' (composed by app/: `renderDevices`).
 */
import { Button, Card, H2, Intent } from '@blueprintjs/core';
import { useCallback, type JSX, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../../couch-design/format';
import { roleLabel } from '../../../../couch-design/roles';
import { fullName, type UsuarioPublico } from '../../../../couch-design/usuario';
import { Facts, Feedback, orDash, VACIO_VALOR } from '../../components/feedback';
import { RecordShell } from '../../components/page';
import { useLoad, useRecord } from '../../lib/data';
import { paths } from '../../lib/paths';
import { AdminOnly, useViewer } from './access';
import { empleadoDeUsuarioResource, usuariosResource } from './data/resources';
import { recallUsuario } from './data/selected';
import { formatAddress } from './detail/address';
import { initials } from './list/columns';
import { BTN_EDITAR, BTN_VER_EMPLEADO, BTN_VOLVER, CARGANDO_USUARIO, DETALLE, ERROR_CARGAR_INFO, NO_VINCULADO, SECCION_DISPOSITIVOS, SECCION_VINCULO, TITLE_DETALLE } from './texts';
import './usuarios.css';

export interface DetalleUsuarioPageProps {
  /** The person's devices with 'Cerrar sesión en todos los dispositivos' (the devices feature's), for admins; given by app/. */
  renderDevices?: (user: UsuarioPublico) => ReactNode;
}

export default function DetalleUsuarioPage({ renderDevices }: DetalleUsuarioPageProps): JSX.Element {
  const { userId = '' } = useParams();
  return (
    <AdminOnly selfId={userId}>
      <DetalleUsuario id={userId} renderDevices={renderDevices} />
    </AdminOnly>
  );
}

const LOAD_TEXTS = { loading: CARGANDO_USUARIO, error: ERROR_CARGAR_INFO, notFound: ERROR_CARGAR_INFO, notFoundKind: 'error', logAs: 'No se pudo cargar el usuario.' } as const;

/** Over the kept copy, only the missing network is said: a failed load is logged and the copy stands. */
const offlineNotice = ({ status }: { status: string }) => (status === 'offline' ? <Feedback kind="offline" /> : null);

function DetalleUsuario({ id, renderDevices }: { id: string } & DetalleUsuarioPageProps): JSX.Element {
  const navigate = useNavigate();
  const viewer = useViewer();
  const [record] = useRecord(usuariosResource, id);
  const back = viewer.admin ? paths.users : paths.profile;
  const actions = (
    <>
      <Button icon="arrow-left" size="large" onClick={() => navigate(back)}>
        {BTN_VOLVER}
      </Button>
      <Button icon="edit" size="large" intent={Intent.PRIMARY} onClick={() => navigate(paths.editUser(id))}>
        {BTN_EDITAR}
      </Button>
    </>
  );
  return (
    <RecordShell title={TITLE_DETALLE} actions={actions} state={record} stored={recallUsuario(id)} staleNotice={offlineNotice} texts={LOAD_TEXTS}>
      {(user) => (
        <>
          <UsuarioCard user={user} />
          {viewer.admin && renderDevices ? (
            <Card className="page-card" data-testid="usuario-dispositivos">
              <H2 className="usuario-detalle__seccion">{SECCION_DISPOSITIVOS}</H2>
              {renderDevices(user)}
            </Card>
          ) : null}
        </>
      )}
    </RecordShell>
  );
}

function UsuarioCard({ user }: { user: UsuarioPublico }): JSX.Element {
  return (
    <Card className="page-card usuario-detalle" data-testid="usuario-detalle">
      <div className="usuario-detalle__head">
        {user.foto_perfil ? (
          <img className="usuario-detalle__foto" src={user.foto_perfil} alt="" />
        ) : (
          <span className="usuario-detalle__foto usuario-detalle__iniciales" aria-hidden>
            {initials(user)}
          </span>
        )}
        <div>
          <H2 className="usuario-detalle__nombre">{fullName(user)}</H2>
          <div className="page-muted">{orDash(user.pust)}</div>
        </div>
      </div>
      <Facts
        items={[
          { label: DETALLE.puesto, value: orDash(user.pust) },
          { label: DETALLE.nacimiento, value: formatDate(user.fecha_na, VACIO_VALOR) },
          { label: DETALLE.direccion, value: formatAddress(user) || VACIO_VALOR, wide: true },
          { label: DETALLE.rol, value: roleLabel(user.role) },
          { label: DETALLE.correo, value: orDash(user.email) },
          { label: DETALLE.telefono, value: orDash(user.telefono) },
          { label: SECCION_VINCULO, value: <EmpleadoVinculado user={user} />, wide: true },
        ]}
      />
    </Card>
  );
}

/** The employee linked from either side: the user's `empleado_id`, else the employee naming this user. */
function EmpleadoVinculado({ user }: { user: UsuarioPublico }): JSX.Element {
  const byUser = useCallback(() => empleadoDeUsuarioResource.get(user._id), [user._id]);
  const [found] = useLoad(byUser, { source: 'rest', enabled: !user.empleado_id });
  const empleadoId = user.empleado_id ?? (found.status === 'ready' ? found.value?._id : undefined);
  if (empleadoId)
    return (
      <Link to={paths.empleadoProfile(empleadoId)} data-testid="ver-empleado">
        {BTN_VER_EMPLEADO}
      </Link>
    );
  return <span>{!user.empleado_id && found.status === 'loading' ? VACIO_VALOR : NO_VINCULADO}</span>;
}
