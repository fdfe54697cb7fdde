import type { ReactNode } from 'react';

/**
 * What opens a form on demand (issue 22, docs/decisions/0057): a small GET form of the page. Before the
 * script runs, it asks the page again, its query kept and `ask` added, and the page comes back with the
 * form open at `#fragment`; once hydrated, it only calls `onOpen`. `children` is its submit button.
 */
export function AskPageForm({
  pageUrl,
  ask,
  fragment,
  onOpen,
  children,
}: {
  /** The page's URL and query (`/company-details?id=3`); none: the button only works hydrated. */
  pageUrl: string | undefined;
  /** The parameter that has the page open the form: `['reserver', 12]`. */
  ask: [name: string, value: string | number];
  fragment: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  const [path, query = ''] = (pageUrl ?? '').split('?');
  return (
    <form
      method="get"
      action={pageUrl ? `${path}#${fragment}` : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      {pageUrl &&
        [...new URLSearchParams(query)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <input type="hidden" name={ask[0]} value={ask[1]} />
      {children}
    </form>
  );
}
