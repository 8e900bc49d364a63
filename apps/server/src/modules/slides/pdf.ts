import { officeCommand, officeToPdf } from '../../core/office.ts';

export { officeCommand };

/** A .pptx converted to PDF by LibreOffice. */
export const pptxToPdf = (pptx: Buffer) => officeToPdf(pptx, 'pptx');
