/**
 * The conflict screen (/dashboard/captaciones/:id/conflicto, docs/architecture.md section 5): the versions
 * side by side, section by section; the person picks one per section; saving writes the merged
 * record first and only then deletes the revisions not chosen.
 */
import { Button, Callout, Card, H5, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useMemo, useRef, useState, type JSX } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Captacion } from '../../../../couch-design/captacion';
import { BTN_CANCELAR, GUARDANDO } from '../../components/form';
import { Banner, Feedback } from '../../components/feedback';
import { Page, PageHeader } from '../../components/page';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useCaptacionAccess } from './access';
import { describeSection, versionLabel } from './conflict/describe';
import { CONFLICT_SECTIONS, losingRevisions, mergeBySection, sectionDiffers, type SectionChoice } from './conflict/merge';
import { useCaptacion, useCaptaciones } from './data/hooks';
import {
  BTN_GUARDAR_SELECCION,
  CONFLICTO_AVISO,
  CONFLICTO_AYUDA,
  CONFLICTO_ERROR,
  CONFLICTO_RESUELTO,
  ERROR_CARGAR_DETALLE,
  NO_ENCONTRADA,
  SIN_CONFLICTO,
  TITLE_CONFLICTO,
} from './texts';
import './captaciones.css';

export default function ConflictoCaptacionPage(): JSX.Element {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user, canEdit } = useCaptacionAccess();
  const captaciones = useCaptaciones(canEdit ? user : null);
  const [loaded] = useCaptacion(captaciones, id);
  const [choice, setChoice] = useState<SectionChoice>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  // The versions compared are the ones on screen when the page opened; a revision arriving later
  // (a sync) shows up after saving, as a new conflict if it is one.
  const opened = useRef<Captacion[] | null>(null);
  if (!opened.current && loaded.status === 'ready' && loaded.value && loaded.value.conflicts.length > 0) {
    opened.current = [loaded.value.doc, ...loaded.value.conflicts];
  }
  const versions = opened.current;
  const differing = useMemo(() => new Set(versions ? CONFLICT_SECTIONS.filter((s) => sectionDiffers(versions, s.key)).map((s) => s.key) : []), [versions]);

  if (user && !canEdit) return <Redirect to={paths.home} />;

  const save = async () => {
    if (!versions || !captaciones) return;
    setSaving(true);
    setFailure(null);
    try {
      const merged = mergeBySection(versions, choice);
      await captaciones.resolve(id, merged, losingRevisions(versions));
      setDone(true);
      setTimeout(() => navigate(paths.captacion(id)), 1500);
    } catch (err) {
      console.error('No se pudo resolver el conflicto.', err);
      setFailure(CONFLICTO_ERROR);
    } finally {
      setSaving(false);
    }
  };

  let body: JSX.Element;
  if (loaded.status === 'loading' && !versions) body = <Feedback kind="loading" />;
  else if (loaded.status === 'error' && !versions) body = <Feedback kind="error" text={ERROR_CARGAR_DETALLE} />;
  else if (!versions)
    body =
      loaded.status === 'ready' && loaded.value ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" role="status">
          {SIN_CONFLICTO}
        </Callout>
      ) : (
        <Feedback kind="not-found" text={NO_ENCONTRADA} />
      );
  else
    body = (
      <>
        <Callout intent={Intent.WARNING} icon="git-merge">
          <p>{CONFLICTO_AVISO}</p>
          <p>{CONFLICTO_AYUDA}</p>
        </Callout>
        {CONFLICT_SECTIONS.map((section) => {
          const chosen = choice[section.key] ?? 0;
          const differs = differing.has(section.key);
          return (
            <Card key={section.key} className={`cap-conflict-section${differs ? ' cap-conflict-section--differs' : ''}`} data-testid={`conflict-${section.key}`}>
              <div className="cap-conflict-section__head">
                <H5>{section.label}</H5>
              </div>
              {!differs ? (
                <p className="page-muted">Las versiones coinciden en esta sección.</p>
              ) : (
                <>
                  <RadioGroup
                    name={`conflict-${section.key}`}
                    label={`Versión a conservar de ${section.label}`}
                    inline
                    selectedValue={String(chosen)}
                    onChange={(e) => {
                      // Read now: React may run the updater after the event, when currentTarget is gone
                      // (as it does while a sync's redraw of this record is pending).
                      const version = Number(e.currentTarget.value);
                      setChoice((c) => ({ ...c, [section.key]: version }));
                    }}
                    disabled={saving || done}
                  >
                    {versions.map((v, i) => (
                      <Radio key={v._rev ?? i} value={String(i)} label={`Versión ${String.fromCharCode(65 + i)}`} size="large" />
                    ))}
                  </RadioGroup>
                  <div className="cap-conflict-columns" style={{ gridTemplateColumns: `repeat(${versions.length}, minmax(0, 1fr))` }}>
                    {versions.map((v, i) => {
                      const lines = describeSection(v, section.key);
                      const others = versions.filter((_, j) => j !== i).map((o) => describeSection(o, section.key));
                      return (
                        // Tapping a version's column chooses it too: a bigger target than the radio on a tablet.
                        <div
                          key={v._rev ?? i}
                          className={`cap-conflict-version${i === chosen ? ' cap-conflict-version--chosen' : ''}`}
                          onClick={() => !saving && !done && setChoice((c) => ({ ...c, [section.key]: i }))}
                        >
                          <div className="cap-conflict-version__title">{versionLabel(v, i)}</div>
                          <dl>
                            {lines.map((l, k) => {
                              const changed = others.some((o) => o[k]?.value !== l.value || o[k]?.label !== l.label);
                              return (
                                <div key={`${l.label}-${k}`} className={changed ? 'cap-conflict-line cap-conflict-line--changed' : 'cap-conflict-line'}>
                                  <dt>{l.label}</dt>
                                  <dd>{l.value}</dd>
                                </div>
                              );
                            })}
                          </dl>
                        </div>
                      );
                    })}
                  </div>
                </>
              )}
            </Card>
          );
        })}
        <div className="form-actions">
          <div className="form-actions__buttons">
            <Button size="large" onClick={() => navigate(paths.captacion(id))} disabled={saving}>
              {BTN_CANCELAR}
            </Button>
            <Button size="large" intent={Intent.PRIMARY} icon="git-merge" disabled={saving || done} onClick={() => void save()}>
              {saving ? GUARDANDO : BTN_GUARDAR_SELECCION}
            </Button>
          </div>
          {failure ? (
            <Banner intent={Intent.DANGER} onClose={() => setFailure(null)} testId="conflict-error">
              {failure}
            </Banner>
          ) : null}
          {done ? (
            <Callout intent={Intent.SUCCESS} icon="tick-circle" role="status">
              {CONFLICTO_RESUELTO}
            </Callout>
          ) : null}
        </div>
      </>
    );

  return (
    <Page>
      <PageHeader title={TITLE_CONFLICTO} recordId={id} />
      {body}
    </Page>
  );
}
