/**
 * 'Registro de Usuario' (/auth/sign-up), the public mode of the registration screen (spec 000
 * sections 2 and 6). Offered only while the gateway says public sign-up is open
 * (PUBLIC_SIGNUP, docs/architecture.md section 6); otherwise a visitor goes to sign-in, and someone already
 * signed in goes home. The new person is then signed in with the password just chosen, the way
 * 'Iniciar Sesión' does, so that their device key is made with it (lib/vault), and continues home.
 */
import { Card, H1 } from '@blueprintjs/core';
import { useRef, type JSX } from 'react';
import { Link } from 'react-router-dom';
import { Feedback } from '../../components/feedback';
import { BrandMark } from '../../components/page';
import { useLoad } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { registroPublicoAbierto } from '../../lib/resources';
import { RegistroUsuarioView } from './form/RegistroUsuarioView';
import type { UsuarioFormValues } from './form/values';
import { COMPROBANDO_REGISTRO, ERROR_REGISTRO, LINK_INICIAR_SESION, TITLE_REGISTRO } from './texts';
import './usuarios.css';

export default function RegistroPublicoPage(): JSX.Element {
  const { status, signIn } = useSession();
  // Registering signs the person in: only who arrived signed in is sent away.
  const arrivedSignedIn = useRef(status === 'authenticated');
  const [open] = useLoad(registroPublicoAbierto, { source: 'rest', enabled: !arrivedSignedIn.current });

  const signInAfterSave = async (values: UsuarioFormValues) => {
    await signIn(values.email.trim(), values.password);
  };

  if (arrivedSignedIn.current) return <Redirect to={paths.home} />;
  if (open.status === 'ready' && !open.value) return <Redirect to={paths.signIn} />;

  return (
    <main className="registro">
      <Card elevation={2} className="registro__card">
        <BrandMark className="registro__brand" />
        <H1 className="usuario-title">{TITLE_REGISTRO}</H1>
        {open.status === 'loading' ? <Feedback kind="loading" text={COMPROBANDO_REGISTRO} /> : null}
        {open.status === 'offline' ? <Feedback kind="offline" /> : null}
        {open.status === 'error' ? <Feedback kind="error" text={ERROR_REGISTRO} /> : null}
        {open.status === 'ready' ? <RegistroUsuarioView mode="publico" exitTo={paths.home} afterSave={signInAfterSave} /> : null}
        <p className="registro__signin">
          <Link to={paths.signIn}>{LINK_INICIAR_SESION}</Link>
        </p>
      </Card>
    </main>
  );
}
