import type { ReactNode } from 'react';
import { BackButton } from './WizardParts.tsx';

export interface DepartmentChoice {
  code: string;
  name: string;
  active: boolean;
}

/**
 * The wrong-department page (spec, section 2) of both sign-ups: the platform opens department by
 * department, and this one is not open yet. « Choisir un autre département » goes back to the first step,
 * posting what was typed (`carried`).
 */
export function WrongDepartment({
  department,
  carried,
  children,
  actions,
}: {
  department: Pick<DepartmentChoice, 'code' | 'name'> | undefined;
  /** The wizard's values as hidden inputs (WizardCarried). */
  carried: ReactNode;
  /** What the visitor can do meanwhile. */
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <form method="post" className="flex flex-col gap-4" aria-labelledby="wrong-department">
      {carried}
      <h2 id="wrong-department" tabIndex={-1}>
        Passerelle Industrie n’est pas encore ouverte dans votre département
      </h2>
      <p>
        La plateforme ouvre département par département.
        {department
          ? ` Elle n’est pas encore disponible dans le département ${department.name} (${department.code}).`
          : ''}{' '}
        {children}
      </p>
      <div className="flex flex-wrap gap-3">
        <BackButton>Choisir un autre département</BackButton>
        {actions}
      </div>
    </form>
  );
}
