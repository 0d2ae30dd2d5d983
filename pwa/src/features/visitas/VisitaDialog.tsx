/**
 * 'Registrar visita' and 'Editar visita': a dialog with the visit's fields, checked as the person
 * types by the shared schema (couch-design/visita/schema.ts, the same the gateway applies), saved
 * on this device whether or not there is a connection. Keyboard alone: Tab through the fields,
 * Enter saves, Escape closes.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Formik } from 'formik';
import { useState, type JSX } from 'react';
import { issuesToFormErrors } from '../../../../couch-design/helpers/form-errors';
import { RESULTADOS_VISITA } from '../../../../couch-design/visita/options';
import { hoy, VISITA_LABELS as L } from '../../../../couch-design/visita/rules';
import { visitaSchema, type VisitaDatos } from '../../../../couch-design/visita/schema';
import { AreaField, BTN_CANCELAR, FormUiContext, GUARDANDO, schemaIssues, SelectField, TextField, type FormUi } from '../../components/form';
import { saveVisita, type Visita } from './data';
import { BTN_GUARDAR_VISITA, ERROR_GUARDAR_VISITA, TITLE_EDITAR_VISITA, TITLE_NUEVA_VISITA } from './texts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A new visit starts today, now (the device's clock and time zone). */
function blank(now = new Date()): VisitaDatos {
  return {
    fecha: hoy(now),
    hora: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    visitante: '',
    telefono: '',
    comentarios: '',
    resultado: '',
  };
}

/** What is saved: the texts trimmed (a device's revision is stored as saved, and checked strictly). */
const clean = (v: VisitaDatos): VisitaDatos => ({ ...v, visitante: v.visitante.trim(), telefono: v.telefono.trim(), comentarios: (v.comentarios ?? '').trim() });

const fromVisita = ({ fecha, hora, visitante, telefono, comentarios, resultado }: Visita): VisitaDatos => ({ fecha, hora, visitante, telefono, comentarios, resultado });

export interface VisitaDialogProps {
  captacionId: string;
  /** The visit edited; none: a new one. */
  visita: Visita | null;
  onClose: (saved: boolean) => void;
}

export function VisitaDialog({ captacionId, visita, onClose }: VisitaDialogProps): JSX.Element {
  const [attempted, setAttempted] = useState(false);
  const [failed, setFailed] = useState(false);
  const title = visita ? TITLE_EDITAR_VISITA : TITLE_NUEVA_VISITA;
  const issues = (v: VisitaDatos) => schemaIssues(visitaSchema, clean(v));
  return (
    <Dialog isOpen title={title} onClose={() => onClose(false)} className="visita-dialog" canOutsideClickClose={false}>
      <Formik<VisitaDatos>
        initialValues={visita ? fromVisita(visita) : blank()}
        validate={(values) => issuesToFormErrors(issues(values))}
        onSubmit={async (values) => {
          setAttempted(true);
          setFailed(false);
          if (issues(values).length > 0) return;
          try {
            await saveVisita(captacionId, clean(values), visita ?? undefined);
            onClose(true);
          } catch (err) {
            console.error('No se pudo guardar la visita.', err);
            setFailed(true);
          }
        }}
      >
        {(formik) => {
          const ui: FormUi = { showAllErrors: attempted, warnings: {}, issues: [], disabled: formik.isSubmitting, tab: 0, openTab: () => undefined, tabErrors: new Map() };
          return (
            <FormUiContext.Provider value={ui}>
              <form
                noValidate
                onSubmit={(e) => {
                  setAttempted(true);
                  formik.handleSubmit(e);
                }}
                data-testid="visita-form"
              >
                <DialogBody>
                  <div className="form-grid">
                    <TextField name="fecha" label={L.fecha} type="date" required />
                    <TextField name="hora" label={L.hora} type="time" required />
                    <TextField name="visitante" label={L.visitante} required autoComplete="name" maxLength={120} />
                    <TextField name="telefono" label={L.telefono} type="tel" inputMode="numeric" required maxLength={10} autoComplete="tel" />
                    <SelectField name="resultado" label={L.resultado} options={RESULTADOS_VISITA} required />
                  </div>
                  <AreaField name="comentarios" label={L.comentarios} rows={3} />
                  {failed ? (
                    <Callout intent={Intent.DANGER} role="alert" data-testid="visita-error">
                      {ERROR_GUARDAR_VISITA}
                    </Callout>
                  ) : null}
                </DialogBody>
                <DialogFooter
                  actions={
                    <>
                      <Button size="large" onClick={() => onClose(false)} disabled={formik.isSubmitting}>
                        {BTN_CANCELAR}
                      </Button>
                      <Button size="large" type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={formik.isSubmitting} data-testid="visita-guardar">
                        {formik.isSubmitting ? GUARDANDO : BTN_GUARDAR_VISITA}
                      </Button>
                    </>
                  }
                />
              </form>
            </FormUiContext.Provider>
          );
        }}
      </Formik>
    </Dialog>
  );
}
