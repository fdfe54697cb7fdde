import type { ReactNode } from 'react';

/**
 * A screen whose capability comes with a later issue: it says so plainly instead of showing controls
 * that do nothing.
 */
export function PlannedScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page flex flex-col gap-4">
      <h1>{title}</h1>
      <div className="max-w-2xl rounded-lg border border-grey bg-white p-6">
        <p>{children}</p>
        <p className="mt-3 text-sm text-grey-text">Cet écran sera disponible prochainement.</p>
      </div>
    </div>
  );
}
