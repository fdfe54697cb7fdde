import type { ReactNode } from 'react';

/** The content screen's address: its plain forms post there, and its editors open there. */
export const CONTENT_PATH = '/admin/content';

/**
 * A button of the content screen that opens an editor: hydrated, in place or in a dialog (`onOpen`);
 * before that, a GET form asking the page for it (`?question=…`, `?article=…`), which opens it in place
 * as a plain form (docs/decisions/0089).
 */
export function OpenEditorForm({
  name,
  value,
  anchor,
  onOpen,
  children,
}: {
  name: string;
  value: string;
  /** The editor's id, where the page opens. */
  anchor: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <form
      method="get"
      action={`${CONTENT_PATH}#${anchor}`}
      onSubmit={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      <input type="hidden" name={name} value={value} />
      {children}
    </form>
  );
}
