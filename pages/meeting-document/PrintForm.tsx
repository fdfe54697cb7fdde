import { useId } from 'react';
import { MAX_PUPILS, PRINT_FIELDS, type PrintDetails } from '../../common/meeting-documents.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { controlClassName, Field, FieldInput, useFieldIds } from '../../islands/ui/Field.tsx';

/**
 * What the teacher may add just before printing (docs/decisions/0081): the times the group leaves and comes
 * back, and on the authorisation the pupils' names, one page each. A plain form posted to the page itself
 * or to its PDF: the body carries them, never the address, and nothing keeps them. Hidden on paper.
 */
export function PrintForm({
  asked,
  print,
  pdfUrl,
}: {
  asked: { times: boolean; pupils: boolean };
  print: PrintDetails;
  pdfUrl: string;
}) {
  const headingId = useId();
  const pupils = useFieldIds();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 print:hidden">
      <form method="post" className="flex flex-col gap-4">
        <h2 id={headingId} className="text-lg font-bold">
          Compléter avant d’imprimer
        </h2>
        <p className="text-sm text-grey-text">
          Facultatif : ce que vous laissez vide reste à remplir à la main. Rien n’est enregistré.
        </p>
        {asked.times && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldInput
              type="time"
              label="Départ de l’établissement"
              name={PRINT_FIELDS.departure}
              defaultValue={print.departure ?? ''}
            />
            <FieldInput
              type="time"
              label="Retour à l’établissement"
              name={PRINT_FIELDS.returning}
              defaultValue={print.returning ?? ''}
            />
          </div>
        )}
        {asked.pupils && (
          <Field
            ids={pupils}
            label="Noms des élèves"
            hint={`Un nom par ligne (${MAX_PUPILS} au plus) : une autorisation par élève, à son nom.`}
          >
            <textarea
              id={pupils.controlId}
              name={PRINT_FIELDS.pupils}
              rows={6}
              defaultValue={print.pupils.join('\n')}
              aria-describedby={pupils.hintId}
              className={controlClassName(false, 'h-auto py-3')}
            />
          </Field>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit">Mettre à jour le document</Button>
          <Button type="submit" variant="outline" color="black" formAction={pdfUrl} formTarget="_blank">
            Télécharger le PDF complété
          </Button>
        </div>
      </form>
    </section>
  );
}
