import { useRef, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { useHydrated } from '../ui/useHydrated.ts';

/**
 * One code to copy into another site (« Nos prochaines visites », pages/my-company/EmbedSnippet.tsx): the
 * code read-only, selectable as a whole without a script; once hydrated, « Copier » puts it in the
 * clipboard and says so in a live region (issue 36). Where the clipboard is refused, the code is selected.
 */
export function SnippetField({
  id,
  label,
  hint,
  code,
  rows = 4,
}: {
  id: string;
  label: string;
  hint: string;
  code: string;
  /** The text's height in lines. */
  rows?: number;
}) {
  const ids = useFieldIds(id);
  const area = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  const [notice, setNotice] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setNotice('Copié');
    } catch {
      area.current?.select();
      setNotice('Le code est sélectionné : copiez-le avec Ctrl+C (ou Cmd+C).');
    }
  }

  return (
    <Field ids={ids} label={label} hint={hint}>
      <textarea
        ref={area}
        id={ids.controlId}
        readOnly
        rows={rows}
        value={code}
        spellCheck={false}
        {...describedControlProps(ids, { hint: true })}
        // `h-auto!`: the control's own height (h-input) would otherwise win over the rows.
        className={controlClassName(false, 'h-auto! py-3 font-mono text-sm')}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {hydrated && (
          <Button variant="outline" onClick={copy}>
            Copier<span className="sr-only"> : {label.toLowerCase()}</span>
          </Button>
        )}
        <p role="status" className={notice ? 'font-medium text-green-text' : 'sr-only'}>
          {notice}
        </p>
      </div>
    </Field>
  );
}
