/**
 * The own profile (/dashboard/profile and /dashboard/profile/{userId}), spec 000 sections 2, 4
 * and 8: the header with the photo (pencil: images only), full name, position or role, e-mail
 * and phone; the tabs 'Perfil' (cards 'Información Personal' and 'Dirección') and 'Nóminas'
 * (composed by app/ through `renderPayslips`: features never import each other). The person
 * also changes their own password here, and sees their devices ('Mis dispositivos', composed by
 * app/ through `renderDevices`). Offline it shows the person this device remembers.
 * Admins may open anyone's profile by id; anyone else opening another id sees their own.
 */
import { Button, Card, Classes, H2, Icon, Intent } from '@blueprintjs/core';
import { useEffect, useState, type JSX, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useScreenTitle } from '../../lib/screen-title';
import { formatDate } from '../../../../couch-design/format';
import { canViewUser, roleLabel } from '../../../../couch-design/roles';
import { fullName, ownPasswordSchema, type UsuarioPublico } from '../../../../couch-design/usuario';
import { Banner, Facts, Feedback } from '../../components/feedback';
import { PasswordForm } from '../../components/form';
import { PanelTabs } from '../../components/page';
import { PhotoAvatarEdit } from '../../components/photo';
import { useRecord } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { cachedPerson, changeOwnPassword, perfilResource, RefusedAnswer, uploadPerfilPhoto } from './data/perfil';
import {
  BTN_EDITAR,
  CAMPO,
  CARD_DIRECCION,
  CARD_PERSONAL,
  DATOS_GUARDADOS,
  ERROR_CARGAR,
  ERROR_INFO,
  ERROR_SUBIR_FOTO,
  errorSubirFoto,
  NO_DISPONIBLE,
  NO_ESPECIFICADO,
  PASSWORD_AYUDA,
  SIN_INFO,
  TAB_NOMINAS,
  TAB_PERFIL,
  TITLE_PASSWORD,
} from './texts';
import './perfil.css';

export interface PerfilPageProps {
  /** The 'Nóminas' tab's content (the payroll feature's), given by app/. */
  renderPayslips?: (user: UsuarioPublico) => ReactNode;
  /** 'Mis dispositivos' (the devices feature's), shown on one's own profile with a connection; given by app/. */
  renderDevices?: () => ReactNode;
}

const orNotGiven = (v: unknown): string => (typeof v === 'string' && v.trim() ? v.trim() : NO_ESPECIFICADO);

export default function PerfilPage({ renderPayslips, renderDevices }: PerfilPageProps): JSX.Element {
  const { user: session, checking, refresh } = useSession();
  const { userId } = useParams();
  // Spec 000 section 4: with the check done and no user, the profile asks for the session again.
  useEffect(() => {
    if (!checking && !session) void refresh();
  }, [checking, session, refresh]);

  if (!session) return <Feedback kind="loading" />;
  if (userId && !canViewUser(session, userId)) return <Redirect to={paths.profile} />;
  const id = userId ?? session.id;
  return <Perfil key={id} id={id} own={id === session.id} renderPayslips={renderPayslips} renderDevices={renderDevices} />;
}

type Composed = Pick<PerfilPageProps, 'renderPayslips' | 'renderDevices'>;

function Perfil({ id, own, renderPayslips, renderDevices }: { id: string; own: boolean } & Composed): JSX.Element {
  const { user: session } = useSession();
  const [record] = useRecord(perfilResource, id);

  if (record.status === 'loading') return <Feedback kind="loading" />;
  if (record.status === 'offline') {
    if (!own || !session) return <Feedback kind="offline" />;
    return <PerfilView user={cachedPerson(session)} offline own renderPayslips={renderPayslips} renderDevices={renderDevices} />;
  }
  if (record.status === 'error') {
    console.error('No se pudo cargar el perfil.', record.error);
    const cause = record.error instanceof Error ? record.error.message : String(record.error);
    return <Feedback kind="error" text={record.error instanceof RefusedAnswer ? ERROR_INFO : ERROR_CARGAR + cause} />;
  }
  if (!record.value) return <Feedback kind="not-found" text={SIN_INFO} />;
  return <PerfilView user={record.value} offline={false} own={own} renderPayslips={renderPayslips} renderDevices={renderDevices} />;
}

interface PerfilViewProps extends Composed {
  user: UsuarioPublico;
  offline: boolean;
  own: boolean;
}

function PerfilView({ user, offline, own, renderPayslips, renderDevices }: PerfilViewProps): JSX.Element {
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<string | null>(user.foto_perfil);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const changePhoto = async (file: File) => {
    setPhotoError(null);
    setUploading(true);
    try {
      // Spec 000 section 7: the returned path replaces the shown photo.
      const url = await uploadPerfilPhoto(user._id, file);
      if (url) setPhoto(url);
    } catch (err) {
      // Section 8 logs it and keeps the photo; the person is told too, so the pencil is never silent.
      console.error('No se pudo subir la foto de perfil.', err);
      setPhotoError(err instanceof Error && err.message ? errorSubirFoto(err.message) : ERROR_SUBIR_FOTO);
    } finally {
      setUploading(false);
    }
  };

  const name = fullName(user);
  // Someone else's profile is titled with their name (issue 20 item 5); one's own stays 'Mi Perfil'.
  useScreenTitle(own ? null : name || null);
  const letters = [user.prim_nom, user.apell_pa].map((s) => (s ?? '').trim().charAt(0).toUpperCase()).join('') || '?';

  return (
    <div className="app-page page perfil">
      {offline ? <Feedback kind="offline" text={DATOS_GUARDADOS} /> : null}
      <Card className="perfil-header" data-testid="perfil-header">
        <PhotoAvatarEdit src={photo} letters={letters} editable={!offline} busy={uploading} onPick={(f) => void changePhoto(f)} onInvalid={setPhotoError} />
        <div className="perfil-header__text">
          <h1 className={`${Classes.HEADING} perfil-header__name`}>{name || NO_ESPECIFICADO}</h1>
          <div className="perfil-header__role">{user.pust?.trim() || roleLabel(user.role)}</div>
          <div className="perfil-header__contact">
            <span>
              <Icon icon="envelope" size={14} aria-hidden /> {orNotGiven(user.email)}
            </span>
            <span>
              <Icon icon="phone" size={14} aria-hidden /> {orNotGiven(user.telefono)}
            </span>
          </div>
        </div>
        {!offline ? (
          <Button className="perfil-header__edit" icon="edit" onClick={() => navigate(paths.editUser(user._id))}>
            {BTN_EDITAR}
          </Button>
        ) : null}
      </Card>
      {photoError ? (
        <Banner intent={Intent.DANGER} onClose={() => setPhotoError(null)} testId="photo-error">
          {photoError}
        </Banner>
      ) : null}

      <PanelTabs
        id="perfil-tabs"
        tabs={[
          { title: TAB_PERFIL, panel: <PerfilTab user={user} own={own} offline={offline} renderDevices={renderDevices} /> },
          { title: TAB_NOMINAS, panel: renderPayslips ? renderPayslips(user) : null },
        ]}
      />
    </div>
  );
}

function PerfilTab({ user, own, offline, renderDevices }: { user: UsuarioPublico; own: boolean; offline: boolean; renderDevices?: () => ReactNode }): JSX.Element {
  return (
    <div className="perfil-cards">
      <Card className="page-card" data-testid="perfil-personal">
        <H2 className="perfil-card__title">{CARD_PERSONAL}</H2>
        <Facts
          items={[
            { label: CAMPO.nombre, value: orNotGiven(fullName(user)) },
            { label: CAMPO.correo, value: orNotGiven(user.email) },
            { label: CAMPO.telefono, value: orNotGiven(user.telefono) },
            { label: CAMPO.nacimiento, value: formatDate(user.fecha_na, NO_DISPONIBLE) },
          ]}
        />
      </Card>
      <Card className="page-card" data-testid="perfil-direccion">
        <H2 className="perfil-card__title">{CARD_DIRECCION}</H2>
        <Facts
          items={[
            { label: CAMPO.calle, value: orNotGiven(user.calle) },
            { label: CAMPO.exterior, value: orNotGiven(user.nun_ex) },
            { label: CAMPO.interior, value: orNotGiven(user.num_in) },
            { label: CAMPO.codigo, value: orNotGiven(user.codigo) },
          ]}
        />
      </Card>
      {own && !offline ? (
        <Card className="page-card perfil-cards__wide" data-testid="perfil-password">
          <H2 className="perfil-card__title">{TITLE_PASSWORD}</H2>
          <p className="page-muted">{PASSWORD_AYUDA}</p>
          <PasswordForm askCurrent schema={ownPasswordSchema} onSave={(body) => changeOwnPassword(user._id, body)} />
        </Card>
      ) : null}
      {own && !offline && renderDevices ? <div className="perfil-cards__wide">{renderDevices()}</div> : null}
    </div>
  );
}
