/**
 * What each feature adds to another's detail screen (components/slots.tsx), composed here so that
 * features never import each other: the visits section of a captación's detail, and its list in
 * the captación's PDF. The visits' code loads when the section is first drawn.
 */
import { lazy, type JSX, type ReactNode } from 'react';
import { CAPTACION_DETAIL_SECTIONS, type CaptacionSectionExtra, type CaptacionSectionProps } from '../features/captaciones';
import type { SlotEntry } from '../components/slots';

const visitas = () => import('../features/visitas');

const CAPTACION_SECTIONS: ReadonlyArray<SlotEntry<CaptacionSectionProps, CaptacionSectionExtra>> = [
  {
    key: 'visitas',
    Section: lazy(() => visitas().then((m) => ({ default: m.VisitasSection }))),
    pdfList: (captacionId) => visitas().then((m) => m.visitasForPdf(captacionId)),
  },
];

export function DetailSections({ children }: { children: ReactNode }): JSX.Element {
  return <CAPTACION_DETAIL_SECTIONS.Provider value={CAPTACION_SECTIONS}>{children}</CAPTACION_DETAIL_SECTIONS.Provider>;
}
