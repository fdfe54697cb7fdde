import { useData } from 'vike-react/useData';
import { plural } from '../../common/format.ts';
import { Island } from '../../islands/Island.tsx';
import { PrintButton } from '../../islands/ui/PrintButton.tsx';
import type { Data } from './+data.ts';
import { PrintForm } from './PrintForm.tsx';
import { Sheets } from './Sheets.tsx';

export default function Page() {
  const { document, detailsUrl, print, asked } = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6 print:max-w-none print:p-0">
      <nav aria-label="Ce document" className="flex flex-wrap gap-x-6 gap-y-2 print:hidden">
        <a className="link" href={detailsUrl}>
          Retour à la rencontre
        </a>
        <a className="link" href={document.pdfUrl}>
          Télécharger le PDF
        </a>
      </nav>
      {asked && <PrintForm asked={asked} print={print} pdfUrl={document.pdfUrl} />}
      <Island
        name="PrintButton"
        component={PrintButton}
        props={{ note: printNote(document.copies, print.pupils.length) }}
      />
      <Sheets sheets={document.sheets} />
    </div>
  );
}

/** How many pages the printer gives: the authorisation's copies, one per participant or per pupil named. */
function printNote(copies: number, pupils: number): string | undefined {
  if (pupils > 0) return `L’impression compte ${plural(pupils, 'autorisation')}, une par élève nommé.`;
  if (copies > 1) return `L’impression compte ${copies} exemplaires, un par participant.`;
  return undefined;
}
