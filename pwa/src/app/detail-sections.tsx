/**
 * What each feature adds to another's detail screen (components/slots.tsx), composed here so that
 * features never import each other: the visits section of a captación's detail, its list in the
 * captación's PDF, and the list's 'Con visitas esta semana'. The visits' code loads when first drawn.
 */
import { lazy, type JSX, type ReactNode } from 'react';
import { CAPTACION_DETAIL_SECTIONS, CAPTACION_LIST_FILTERS, type CaptacionListFilterProps, type CaptacionSectionExtra, type CaptacionSectionProps } from '../features/captaciones';
import type { SlotEntry } from '../components/slots';

const visitas = () => import('../features/visitas');

const CAPTACION_SECTIONS: ReadonlyArray<SlotEntry<CaptacionSectionProps, CaptacionSectionExtra>> = [
  {
    key: 'visitas',
    Section: lazy(() => visitas().then((m) => ({ default: m.VisitasSection }))),
    pdfList: (captacionId) => visitas().then((m) => m.visitasForPdf(captacionId)),
  },
];

const CAPTACION_FILTERS: ReadonlyArray<SlotEntry<CaptacionListFilterProps>> = [
  { key: 'visitas-semana', Section: lazy(() => visitas().then((m) => ({ default: m.VisitasSemanaFilter }))) },
];

export function DetailSections({ children }: { children: ReactNode }): JSX.Element {
  return (
    <CAPTACION_DETAIL_SECTIONS.Provider value={CAPTACION_SECTIONS}>
      <CAPTACION_LIST_FILTERS.Provider value={CAPTACION_FILTERS}>{children}</CAPTACION_LIST_FILTERS.Provider>
    </CAPTACION_DETAIL_SECTIONS.Provider>
  );
}
