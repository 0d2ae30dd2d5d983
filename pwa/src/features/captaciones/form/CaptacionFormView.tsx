/**
 * The create and edit form (spec 001 sections 2.3, 2.4, 4, 5, 8): the type and status above
 * seven tabs, checked with the shared schema; the save sequence, draft and leave question are
 * the form kit's.
 */
import { Card } from '@blueprintjs/core';
import type { JSX, ReactNode } from 'react';
import {
  CAPTACION_LABELS,
  CAPTACION_TABS,
  captacionWarnings,
  errorsBySection,
  ESTATUS_CAPTACION_OPTIONS,
  TIPO_CAPTACION_OPTIONS,
  validateCaptacion,
  type CaptacionForm,
  type ValidationIssue,
} from '../../../../../couch-design/captacion';
import { FormShell, FormTabs, SelectField, type FormTab } from '../../../components/form';
import { paths } from '../../../lib/paths';
import { DESCARTAR_PREGUNTA, SALIR_CON_FOTOS, SALIR_PREGUNTA } from '../texts';
import { AdeudosTab } from './tabs/AdeudosTab';
import { DocumentosTab } from './tabs/DocumentosTab';
import { LaboralesTab } from './tabs/LaboralesTab';
import { PropiedadTab } from './tabs/PropiedadTab';
import { PropietarioTab } from './tabs/PropietarioTab';
import { ReferenciasTab } from './tabs/ReferenciasTab';
import { VentaTab } from './tabs/VentaTab';

export interface CaptacionFormViewProps {
  initialValues: CaptacionForm;
  /** What "no unsaved changes" means: the empty form, or the stored record. */
  baseline: CaptacionForm;
  draftKey: string;
  baseRev?: string;
  restoredDraft: boolean;
  submitText: string;
  successText: string;
  errorFallback: string;
  /** Writes the record; throws on failure. */
  onSave: (values: CaptacionForm) => Promise<void>;
  /** Shown above the tabs (the conflict banner of the edit screen). */
  notice?: ReactNode;
  /** Photos held by the page until the captación is saved: leaving asks first. */
  holdsPhotos?: boolean;
}

const PANELS = [PropietarioTab, PropiedadTab, AdeudosTab, LaboralesTab, ReferenciasTab, DocumentosTab, VentaTab];
const TABS: FormTab[] = CAPTACION_TABS.map((title, i) => ({ title, panel: PANELS[i] }));

const validate = (values: CaptacionForm) => validateCaptacion(values, 'form');
const summarize = (issues: ValidationIssue[], values: CaptacionForm) => errorsBySection(issues, values.venta.en_venta);

export function CaptacionFormView(props: CaptacionFormViewProps): JSX.Element {
  const { initialValues, baseline, draftKey, baseRev, restoredDraft, submitText, successText, errorFallback, onSave, notice, holdsPhotos } = props;
  return (
    <FormShell<CaptacionForm>
      initialValues={initialValues}
      baseline={baseline}
      validate={validate}
      warn={captacionWarnings}
      summarize={summarize}
      texts={{ submit: submitText, success: successText, errorFallback, leave: { leave: holdsPhotos ? SALIR_CON_FOTOS : SALIR_PREGUNTA, discard: DESCARTAR_PREGUNTA } }}
      onSave={onSave}
      exitTo={paths.captaciones}
      draft={{ key: draftKey, baseRev, restored: restoredDraft }}
      notice={notice}
      holdsMore={holdsPhotos}
    >
      <Card className="page-card">
        <div className="form-grid form-meta">
          <SelectField name="captacion.tipo_captacion" label={CAPTACION_LABELS.captacion.tipo_captacion.entry} required options={TIPO_CAPTACION_OPTIONS} />
          <SelectField name="estatus_actual" label={CAPTACION_LABELS.captacion.estatus_actual.entry} options={ESTATUS_CAPTACION_OPTIONS} />
        </div>
        <FormTabs id="captacion-tabs" tabs={TABS} />
      </Card>
    </FormShell>
  );
}
