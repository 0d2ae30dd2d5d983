/**
 * The save sequence every create and edit form shares (spec 001 sections 2.3, 2.4, 5, 8):
 * validation on every change, the summary banner on a refused save (hidden after 5 s),
 * 'Guardando...', the green banner and the way out 2 s later, the red closable banner on failure,
 * a draft kept while filling, and a question before leaving unsaved changes. The form's own
 * fields are its children.
 */
import { Button, Intent, Spinner } from '@blueprintjs/core';
import { Formik, setNestedObjectValues, useFormikContext, type FormikTouched } from 'formik';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { issuesToFormErrors } from '../../../../couch-design/helpers/form-errors';
import { formatLocalTime } from '../../../../couch-design/format';
import { Banner } from '../feedback/Banner';
import { SaveOutcome } from './SaveOutcome';
import { useDraftAutosave } from './drafts';
import { jsonEqual } from './equal';
import { errorLines } from './error-lines';
import { fieldMessage } from './field-message';
import { ErrorSummary, type SummarySection } from './ErrorSummary';
import { fieldId, FormUiContext, type FormIssue, type FormUi } from './form-ui';
import { LeaveGuard, type LeaveQuestions } from './LeaveGuard';
import { useStickyBarRoom } from './sticky-room';
import { BORRADOR_GUARDADO, BORRADOR_RECUPERADO, BTN_CANCELAR, GUARDANDO, REQUIRED_NOTE } from './texts';
import './form.css';

export const REDIRECT_DELAY_MS = 2000;
export const SUMMARY_HIDE_MS = 5000;


export interface FormShellTexts {
  submit: string;
  /** The submit button's text while saving (default 'Guardando...'). */
  saving?: string;
  /** The green banner after a save. */
  success: string;
  /** The red banner when the save failed without a message of its own. */
  errorFallback: string;
  leave: LeaveQuestions;
}

export interface FormShellProps<T extends object> {
  initialValues: T;
  /** What "no unsaved changes" means: the empty form, or the stored record. */
  baseline: T;
  /** Every problem that blocks saving (the shared schema of couch-design). */
  validate: (values: T) => FormIssue[];
  /** Problems that only warn, shown under their field. */
  warn?: (values: T) => FormIssue[];
  /** The summary's sections; without it one list of every message. */
  summarize?: (issues: FormIssue[], values: T) => SummarySection[];
  texts: FormShellTexts;
  /** Writes the record; throws on failure. */
  onSave: (values: T) => Promise<void>;
  /** Where a save (after `redirectDelayMs`) and Cancelar lead. */
  exitTo: string;
  /** How long the success text shows before leaving (default REDIRECT_DELAY_MS). */
  redirectDelayMs?: number;
  /** Keeps a draft on the device while the form is filled (omit for forms without drafts). */
  draft?: { key: string; baseRev?: string; restored: boolean };
  /** Shown above the form (a conflict banner...). */
  notice?: ReactNode;
  /**
   * The page holds something beside the values that leaving would lose (the photos of a captación
   * not yet saved): leaving asks first, as with unsaved values.
   */
  holdsMore?: boolean;
  children: ReactNode;
}

// Forms whose required fields share one text (spec 000 section 5) list it once.
const oneSection = (issues: FormIssue[]): SummarySection[] => [{ section: '', tab: null, messages: [...new Set(issues.map((i) => i.msg))] }];

export function FormShell<T extends object>(props: FormShellProps<T>): JSX.Element {
  const { initialValues, validate } = props;
  // Under each field its own message; the summary groups the rules' texts (field-message.ts).
  const underFields = (values: T) => issuesToFormErrors(validate(values).map((i) => ({ ...i, msg: fieldMessage(i) })));
  return (
    <Formik<T> initialValues={initialValues} validate={underFields} validateOnChange validateOnBlur onSubmit={() => undefined}>
      <FormBody {...props} />
    </Formik>
  );
}

function FormBody<T extends object>(props: FormShellProps<T>): JSX.Element {
  const { baseline, validate, warn, summarize = oneSection, texts, onSave, exitTo, redirectDelayMs = REDIRECT_DELAY_MS, draft: draftOptions, notice, holdsMore = false, children } = props;
  const formik = useFormikContext<T>();
  const { values } = formik;
  const navigate = useNavigate();

  const [tab, setTab] = useState(0);
  const [attempted, setAttempted] = useState(false);
  const [summary, setSummary] = useState<SummarySection[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [showRestored, setShowRestored] = useState(draftOptions?.restored ?? false);
  const [saved, setSaved] = useState(false);
  const discardIntent = useRef(false);
  /** Bumped by each refused save: once the tab with problems is drawn, its first field takes the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);

  const issues = useMemo(() => validate(values), [validate, values]);
  const warnings = useMemo(() => Object.fromEntries((warn?.(values) ?? []).map((w) => [w.param, w.msg])), [warn, values]);
  const sections = useMemo(() => summarize(issues, values), [summarize, issues, values]);
  const unsaved = !saved && !jsonEqual(values, baseline);

  const draft = useDraftAutosave<T>(draftOptions?.key ?? null, draftOptions?.baseRev);
  useEffect(() => {
    if (saved) return;
    if (unsaved) draft.schedule(values);
    else draft.drop();
  }, [values, unsaved, saved, draft]);

  const tabErrors = useMemo(() => {
    const counts = new Map<number, number>();
    if (!attempted) return counts;
    for (const s of sections) if (s.tab !== null) counts.set(s.tab, s.messages.length);
    return counts;
  }, [attempted, sections]);

  const attemptSave = async () => {
    setFailure(null);
    if (issues.length > 0) {
      setAttempted(true);
      void formik.setTouched(setNestedObjectValues<FormikTouched<T>>(values, true), true);
      // A copy per attempt: each press shows its banner for the full 5 s.
      const shown = [...sections];
      setSummary(shown);
      // Stay on the current tab when it has problems of its own; else open the first one that does.
      const first = shown.find((s) => s.tab !== null);
      if (first && first.tab !== null && !shown.some((s) => s.tab === tab)) setTab(first.tab);
      setFocusRequest((n) => n + 1);
      later(() => setSummary((current) => (current === shown ? null : current)), SUMMARY_HIDE_MS);
      return;
    }
    setSummary(null);
    setSaving(true);
    try {
      await onSave(values);
      await draft.discard();
      setSaved(true);
      setSuccess(texts.success);
      later(() => navigate(exitTo), redirectDelayMs);
    } catch (err) {
      console.error('No se pudo guardar el formulario.', err);
      setFailure(errorLines(err, texts.errorFallback));
    } finally {
      setSaving(false);
    }
  };

  // After the render that opened the tab: the first field in error on screen (page order), so the
  // person lands on the problem instead of hunting for it below a banner that closes in 5 s.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = issues
      .map((i) => document.getElementById(fieldId(i.param)))
      .filter((el): el is HTMLElement => el !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center' });
    // Only a new refused save moves the focus, never a keystroke that changes the issues.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const cancel = async () => {
    if (!unsaved && !holdsMore) {
      await draft.discard();
      navigate(exitTo);
      return;
    }
    discardIntent.current = true;
    navigate(exitTo);
  };

  const actionsBar = useRef<HTMLDivElement>(null);
  useStickyBarRoom(actionsBar);

  const ui: FormUi = { showAllErrors: attempted, warnings, issues, disabled: saving || saved, tab, openTab: setTab, tabErrors };

  return (
    <FormUiContext.Provider value={ui}>
      {notice}
      {showRestored ? (
        <Banner intent={Intent.PRIMARY} onClose={() => setShowRestored(false)} testId="draft-restored">
          {BORRADOR_RECUPERADO}
        </Banner>
      ) : null}
      <p className="form-note">{REQUIRED_NOTE}</p>
      {summary ? <ErrorSummary sections={summary} onOpenTab={setTab} /> : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void attemptSave();
        }}
      >
        {children}
        <div className="form-actions" ref={actionsBar}>
          <div className="form-actions__buttons">
            <span className="form-draft-status" data-testid="draft-status" aria-live="polite">
              {draft.savedAt && unsaved ? `${BORRADOR_GUARDADO} · ${formatLocalTime(draft.savedAt)}` : ''}
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
              {saving ? (texts.saving ?? GUARDANDO) : texts.submit}
            </Button>
          </div>
          <SaveOutcome failure={failure} onCloseFailure={() => setFailure(null)} success={success} testIds={{ failure: 'save-error', success: 'save-success' }} />
        </div>
      </form>
      <LeaveGuard
        when={(unsaved || holdsMore) && !saving}
        questions={texts.leave}
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
