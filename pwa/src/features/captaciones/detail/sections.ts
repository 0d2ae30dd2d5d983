/**
 * The captaciones screens' slots (components/slots.tsx), filled in app/detail-sections.tsx: the
 * sections other features add under the detail's tabs (the visits) with the lists each adds to the
 * PDF, and the filters they add to the list ('Con visitas esta semana').
 */
import type { PdfList } from '../../../../../couch-design/pdf';
import { createSlot } from '../../../components/slots';

export interface CaptacionSectionProps {
  captacionId: string;
  /** The person may edit this captación, and so write what belongs to it. */
  canEdit: boolean;
}

export interface CaptacionSectionExtra {
  /** What the section adds to the captación's PDF, read from the device. */
  pdfList?: (captacionId: string) => Promise<PdfList>;
}

export const CAPTACION_DETAIL_SECTIONS = createSlot<CaptacionSectionProps, CaptacionSectionExtra>();

export interface CaptacionListFilterProps {
  /** The captaciones the filter keeps, or null when it is off. */
  onChange(ids: ReadonlySet<string> | null): void;
}

export const CAPTACION_LIST_FILTERS = createSlot<CaptacionListFilterProps>();
