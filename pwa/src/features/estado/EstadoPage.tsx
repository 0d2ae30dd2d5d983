/**
 * 'Estado del sistema' (/dashboard/estado, admins; issue 32 item 4, docs/operacion.md «Estado del
 * sistema»): this gateway's readiness and release (the checks of `GET /api/ready`), the store's
 * kind and answer time, and every person with an open session with their devices: last contact,
 * last successful sync, refused changes, and 'Cerrar sesión en todos los dispositivos' (the
 * devices feature's part, composed by app/ through `renderDevices`). Needs the network.
 */
import { Button, Card, H2, H3, Intent, Tag } from '@blueprintjs/core';
import { useCallback, useState, type JSX, type ReactNode } from 'react';
import { formatDateTime } from '../../../../couch-design/format';
import { canViewSystemStatus, roleLabel } from '../../../../couch-design/roles';
import type { Check } from '../../../../couch-design/estado';
import { Banner, Facts, loadFeedback, NO, SI, type Fact } from '../../components/feedback';
import { Page, PageHeader } from '../../components/page';
import { refusalMessage, useLoad } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { estadoDelSistema, type EstadoAnswer, type EstadoPersona } from '../../lib/resources';
import { useSession } from '../../lib/session';
import {
  BTN_ACTUALIZAR,
  CARD_ALMACEN,
  CARD_PASARELA,
  CARD_PERSONAS,
  CARGANDO_ESTADO,
  COMPROBACION,
  COMPROBADO,
  DETALLE,
  cuantosDispositivos,
  ERROR_CARGAR,
  FALLA,
  LISTA,
  ms,
  NO_LISTA,
  OK,
  personasResumen,
  RESPONDE,
  SIN_PERSONAS,
  TIEMPO_RESPUESTA,
  TIPO,
  TIPO_ALMACEN,
  TITLE,
  VERSION,
} from './texts';
import './estado.css';

export interface EstadoPageProps {
  /** A person's devices with the action that ends them all; `changed` says what happened and loads the status again. Given by app/. */
  renderDevices?: (persona: EstadoPersona, changed: (notice: string) => void) => ReactNode;
}

const LOAD_TEXTS = { loading: CARGANDO_ESTADO, error: (err: unknown) => refusalMessage(err) ?? ERROR_CARGAR, logAs: 'No se pudo consultar el estado del sistema.' };

export default function EstadoPage({ renderDevices }: EstadoPageProps): JSX.Element {
  const { user } = useSession();
  if (!canViewSystemStatus(user?.role)) return <Redirect to={paths.home} />;
  return <Estado renderDevices={renderDevices} />;
}

function Estado({ renderDevices }: EstadoPageProps): JSX.Element {
  const [state, reload] = useLoad(estadoDelSistema, { source: 'rest' });
  const [notice, setNotice] = useState<string | null>(null);
  const changed = useCallback(
    (text: string) => {
      setNotice(text);
      reload();
    },
    [reload],
  );
  return (
    <Page>
      <PageHeader
        title={TITLE}
        actions={
          <Button icon="refresh" size="large" loading={state.status === 'loading'} onClick={reload}>
            {BTN_ACTUALIZAR}
          </Button>
        }
      />
      {notice ? (
        <Banner intent={Intent.SUCCESS} onClose={() => setNotice(null)} testId="estado-aviso">
          {notice}
        </Banner>
      ) : null}
      {state.status === 'ready' ? <EstadoView estado={state.value} renderDevices={renderDevices} changed={changed} /> : loadFeedback(state, LOAD_TEXTS)}
    </Page>
  );
}

function StateTag({ ok, yes = OK, no = FALLA }: { ok: boolean; yes?: string; no?: string }): JSX.Element {
  return (
    <Tag intent={ok ? Intent.SUCCESS : Intent.DANGER} icon={ok ? 'tick-circle' : 'error'} minimal round>
      {ok ? yes : no}
    </Tag>
  );
}

function checkFact(label: string, check: Check): Fact {
  return {
    label,
    value: (
      <span className="estado-check">
        <StateTag ok={check.estado === 'ok'} /> <span className="page-muted">{ms(check.ms)}</span>
        {check.detalle ? <span className="estado-check__detalle">{check.detalle}</span> : null}
      </span>
    ),
  };
}

function EstadoView({ estado, renderDevices, changed }: { estado: EstadoAnswer; renderDevices: EstadoPageProps['renderDevices']; changed: (notice: string) => void }): JSX.Element {
  const { pasarela, almacen, personas } = estado;
  const devices = personas.reduce((n, p) => n + p.dispositivos.length, 0);
  return (
    <div className="estado">
      <div className="estado__cards">
        <Card className="page-card" data-testid="estado-pasarela">
          <H2 className="estado__title">
            {CARD_PASARELA} <StateTag ok={pasarela.listo} yes={LISTA} no={NO_LISTA} />
          </H2>
          <Facts
            items={[
              { label: VERSION, value: pasarela.version },
              { label: COMPROBADO, value: formatDateTime(pasarela.comprobado) },
              checkFact(COMPROBACION.almacen, pasarela.comprobaciones.almacen),
              checkFact(COMPROBACION.directorio, pasarela.comprobaciones.directorio),
              checkFact(COMPROBACION.parada, pasarela.comprobaciones.parada),
            ]}
          />
        </Card>
        <Card className="page-card" data-testid="estado-almacen">
          <H2 className="estado__title">
            {CARD_ALMACEN} <StateTag ok={almacen.responde} />
          </H2>
          <Facts
            items={[
              { label: TIPO, value: TIPO_ALMACEN[almacen.tipo] },
              { label: RESPONDE, value: almacen.responde ? SI : NO },
              { label: TIEMPO_RESPUESTA, value: ms(almacen.ms) },
              ...(almacen.detalle ? [{ label: DETALLE, value: almacen.detalle, wide: true }] : []),
            ]}
          />
        </Card>
      </div>
      <section className="estado__personas" aria-labelledby="estado-personas" data-testid="estado-personas">
        <H2 id="estado-personas" className="estado__title">
          {CARD_PERSONAS}
        </H2>
        {personas.length === 0 ? (
          <p className="page-empty">{SIN_PERSONAS}</p>
        ) : (
          <>
            <p className="page-muted">{personasResumen(personas.length, devices)}</p>
            {personas.map((p) => (
              <Card key={p.usuario.id} className="page-card estado-persona" data-testid="estado-persona" data-id={p.usuario.id}>
                <H3 className="estado-persona__nombre">{p.usuario.nombre}</H3>
                <p className="page-muted estado-persona__datos">
                  {p.usuario.email} · {roleLabel(p.usuario.role)} · {cuantosDispositivos(p.dispositivos.length)}
                </p>
                {renderDevices?.(p, changed)}
              </Card>
            ))}
          </>
        )}
      </section>
    </div>
  );
}
