/** What app/ composes: the visits section of a captación's detail, and its list for the captación's PDF. */
export { VisitasSection, type VisitasSectionProps } from './VisitasSection';
export { visitasForPdf } from './data';
export { VisitasSemanaFilter, type VisitasSemanaFilterProps } from './VisitasSemanaFilter';
