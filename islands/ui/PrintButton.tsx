import { Button } from './Button.tsx';
import { useHydrated } from './useHydrated.ts';

/**
 * « Imprimer » on a printable page: `window.print()` needs the script, so until the island hydrates (or
 * without JavaScript) the page says how to print from the browser instead. Hidden on paper.
 */
export function PrintButton({ note }: { note?: string }) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden">
      {hydrated ? (
        <Button onClick={() => window.print()}>Imprimer</Button>
      ) : (
        <p>Utilisez la commande {'«\u00a0Imprimer\u00a0»'} de votre navigateur.</p>
      )}
      {note && <p>{note}</p>}
    </div>
  );
}
