/**
 * The create and edit form (spec 001 sections 2.3, 2.4, 4, 5, 8): seven tabs, validation on
 * every change with the shared schema, the summary banner on a refused save (hidden after 5 s),
 * 'Guardando...', the green banner and the list 2 s later, the red closable banner on failure,
 * a draft kept while filling, and a question before leaving unsaved changes.
 */
import { Button, Card, Intent, Spinner, Tab, Tabs, Tag, Callout } from '@blueprintjs/core';
import { Formik, setNestedObjectValues, useFormikContext, type FormikTouched } from 'formik';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  CAPTACION_TABS,
  captacionWarnings,
  errorsBySection,
  ESTATUS_CAPTACION_OPTIONS,
  issuesToFormErrors,
  TIPO_CAPTACION_OPTIONS,
  validateCaptacion,
  type CaptacionForm,
  type ErrorSection,
} from '../../../../../couch-design/captacion';
import { paths } from '../../../lib/paths';
import { BORRADOR_GUARDADO, BORRADOR_RECUPERADO, BTN_CANCELAR, GUARDANDO, REQUIRED_NOTE } from '../texts';
import { ClosableCallout, errorLines } from '../ui';
import { useDraftAutosave } from './drafts';
import { jsonEqual } from './equal';
import { ErrorSummary } from './ErrorSummary';
import { SelectField } from './fields';
import { FormUiContext, type FormUi } from './form-ui';
import { LeaveGuard } from './LeaveGuard';
import { AdeudosTab } from './tabs/AdeudosTab';
import { DocumentosTab } from './tabs/DocumentosTab';
import { LaboralesTab } from './tabs/LaboralesTab';
import { PropiedadTab } from './tabs/PropiedadTab';
import { PropietarioTab } from './tabs/PropietarioTab';
import { ReferenciasTab } from './tabs/ReferenciasTab';
import { VentaTab } from './tabs/VentaTab';

export const REDIRECT_DELAY_MS = 2000;
export const SUMMARY_HIDE_MS = 5000;

const draftTime = new Intl.DateTimeFormat('es-MX', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

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
}

const TAB_PANELS: Array<() => JSX.Element> = [PropietarioTab, PropiedadTab, AdeudosTab, LaboralesTab, ReferenciasTab, DocumentosTab, VentaTab];

function validate(values: CaptacionForm) {
  return issuesToFormErrors(validateCaptacion(values, 'form'));
}

export function CaptacionFormView(props: CaptacionFormViewProps): JSX.Element {
  return (
    <Formik<CaptacionForm> initialValues={props.initialValues} validate={validate} validateOnChange validateOnBlur onSubmit={() => undefined}>
      <FormBody {...props} />
    </Formik>
  );
}

function FormBody(props: CaptacionFormViewProps): JSX.Element {
  const { baseline, draftKey, baseRev, restoredDraft, submitText, successText, errorFallback, onSave, notice } = props;
  const formik = useFormikContext<CaptacionForm>();
  const { values } = formik;
  const navigate = useNavigate();

  const [tab, setTab] = useState(0);
  const [attempted, setAttempted] = useState(false);
  const [summary, setSummary] = useState<ErrorSection[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [showRestored, setShowRestored] = useState(restoredDraft);
  const [saved, setSaved] = useState(false);
  const discardIntent = useRef(false);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);

  const issues = useMemo(() => validateCaptacion(values, 'form'), [values]);
  const warnings = useMemo(() => Object.fromEntries(captacionWarnings(values).map((w) => [w.param, w.msg])), [values]);
  const unsaved = !saved && !jsonEqual(values, baseline);

  const draft = useDraftAutosave(draftKey, baseRev);
  useEffect(() => {
    if (saved) return;
    if (unsaved) draft.schedule(values);
    else draft.drop();
  }, [values, unsaved, saved, draft]);

  const tabErrorCounts = useMemo(() => {
    const counts = new Map<number, number>();
    if (!attempted) return counts;
    for (const s of errorsBySection(issues, values.venta.en_venta)) {
      if (s.tab !== null) counts.set(s.tab, s.messages.length);
    }
    return counts;
  }, [attempted, issues, values.venta.en_venta]);

  const attemptSave = async () => {
    setFailure(null);
    if (issues.length > 0) {
      setAttempted(true);
      void formik.setTouched(setNestedObjectValues<FormikTouched<CaptacionForm>>(values, true), true);
      const sections = errorsBySection(issues, values.venta.en_venta);
      setSummary(sections);
      const first = sections.find((s) => s.tab !== null);
      if (first && first.tab !== null && !tabErrorCountsHas(sections, tab)) setTab(first.tab);
      const shown = sections;
      later(() => setSummary((current) => (current === shown ? null : current)), SUMMARY_HIDE_MS);
      return;
    }
    setSummary(null);
    setSaving(true);
    try {
      await onSave(values);
      await draft.discard();
      setSaved(true);
      setSuccess(successText);
      later(() => navigate(paths.captaciones), REDIRECT_DELAY_MS);
    } catch (err) {
      console.error('No se pudo guardar la captación.', err);
      setFailure(errorLines(err, errorFallback));
    } finally {
      setSaving(false);
    }
  };

  const cancel = async () => {
    if (!unsaved) {
      await draft.discard();
      navigate(paths.captaciones);
      return;
    }
    discardIntent.current = true;
    navigate(paths.captaciones);
  };

  const ui: FormUi = { showAllErrors: attempted, warnings, issues, disabled: saving || saved };

  return (
    <FormUiContext.Provider value={ui}>
      {notice}
      {showRestored ? (
        <ClosableCallout intent={Intent.PRIMARY} onClose={() => setShowRestored(false)} testId="draft-restored">
          {BORRADOR_RECUPERADO}
        </ClosableCallout>
      ) : null}
      <p className="cap-note">{REQUIRED_NOTE}</p>
      {summary ? <ErrorSummary sections={summary} onOpenTab={setTab} /> : null}
      <form
        className="cap-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void attemptSave();
        }}
      >
        <Card className="cap-card">
          <div className="cap-grid cap-meta">
            <SelectField name="captacion.tipo_captacion" label="Tipo de captación" required options={TIPO_CAPTACION_OPTIONS} />
            <SelectField name="estatus_actual" label="Estatus" options={ESTATUS_CAPTACION_OPTIONS} />
          </div>
          <Tabs
            id="captacion-tabs"
            className="cap-tabs"
            selectedTabId={tab}
            onChange={(id) => setTab(Number(id))}
            renderActiveTabPanelOnly
            animate={false}
          >
            {CAPTACION_TABS.map((title, i) => {
              const Panel = TAB_PANELS[i];
              const count = tabErrorCounts.get(i);
              return (
                <Tab
                  key={title}
                  id={i}
                  title={
                    <>
                      {title}
                      {count ? (
                        <Tag round intent={Intent.DANGER} className="cap-tab-count" aria-hidden>
                          {count}
                        </Tag>
                      ) : null}
                    </>
                  }
                  panel={
                    <div className="cap-panel">
                      <Panel />
                    </div>
                  }
                />
              );
            })}
          </Tabs>
        </Card>
        <div className="cap-actions">
          <div className="cap-actions__buttons">
            <span className="cap-draft-status" data-testid="draft-status" aria-live="polite">
              {draft.savedAt && unsaved ? `${BORRADOR_GUARDADO} · ${draftTime.format(draft.savedAt)}` : ''}
            </span>
            <Button size="large" onClick={() => void cancel()} disabled={saving}>
              {BTN_CANCELAR}
            </Button>
            <Button
              size="large"
              type="submit"
              intent={Intent.PRIMARY}
              disabled={saving || saved}
              icon={saving ? <Spinner size={16} aria-hidden /> : 'floppy-disk'}
            >
              {saving ? GUARDANDO : submitText}
            </Button>
          </div>
          {failure ? (
            <ClosableCallout intent={Intent.DANGER} onClose={() => setFailure(null)} testId="save-error">
              {failure.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </ClosableCallout>
          ) : null}
          {success ? (
            <Callout intent={Intent.SUCCESS} icon="tick-circle" className="cap-callout" role="status" data-testid="save-success">
              {success}
            </Callout>
          ) : null}
        </div>
      </form>
      <LeaveGuard
        when={unsaved && !saving}
        isDiscard={() => discardIntent.current}
        onConfirm={async (discard) => {
          discardIntent.current = false;
          if (discard) await draft.discard();
          else draft.flush();
        }}
        onStay={() => {
          discardIntent.current = false;
        }}
      />
    </FormUiContext.Provider>
  );
}

/** Stay on the current tab when it has problems of its own; else open the first one that does. */
function tabErrorCountsHas(sections: ErrorSection[], tab: number): boolean {
  return sections.some((s) => s.tab === tab);
}
