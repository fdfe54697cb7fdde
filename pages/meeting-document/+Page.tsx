import { useData } from 'vike-react/useData';
import type { Data } from './+data.ts';
import { Sheets } from './Sheets.tsx';

export default function Page() {
  const { document, detailsUrl } = useData<Data>();
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
      <p className="print:hidden">
        Pour l’imprimer, utilisez la commande {'«\u00a0Imprimer\u00a0»'} de votre navigateur.
        {document.copies > 1 && ` L’impression compte ${document.copies} exemplaires, un par participant.`}
      </p>
      <Sheets sheets={document.sheets} />
    </div>
  );
}
