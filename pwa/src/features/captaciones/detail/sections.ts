/**
 * The captación detail's slot (components/slots.tsx): sections other features add under the
 * tabs (the visits), composed in app/detail-sections.tsx, and the lists each adds to the PDF.
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
