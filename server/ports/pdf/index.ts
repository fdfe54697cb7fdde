import type { PdfRenderer } from '../../kernel/ports/pdf.ts';
import { inProcessPdf } from './in-process.ts';
import { type ServiceBindingLike, serviceBindingPdf } from './service-binding.ts';

export type { ServiceBindingLike };

/** The documents Worker when the Worker has it bound (decision 0066), else pdf-lib in this process. */
export function createPdfRenderer(choice: { binding?: ServiceBindingLike }): PdfRenderer {
  return choice.binding ? serviceBindingPdf(choice.binding) : inProcessPdf;
}
