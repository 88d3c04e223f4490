import { renderResultReport, type ResultDetail } from '@labline/contracts';
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';

/** The result's report as PDF bytes: contracts' one renderer, with the libraries loaded here. */
export function resultReportPdf(result: ResultDetail, options: { compress?: boolean } = {}): Buffer {
  const document = renderResultReport({ jsPDF, autoTable }, result, options);
  return Buffer.from(document.output('arraybuffer'));
}

/** A Content-Disposition naming the file (an ASCII fallback and the UTF-8 name). */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
