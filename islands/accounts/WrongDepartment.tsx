import type { ReactNode, Ref } from 'react';
import { Button } from '../ui/Button.tsx';

export interface DepartmentChoice {
  code: string;
  name: string;
  active: boolean;
}

/**
 * The wrong-department page (spec, section 2) of both sign-ups: the platform opens department by
 * department, and this one is not open yet.
 */
export function WrongDepartment({
  department,
  headingRef,
  onChooseAnother,
  children,
  actions,
}: {
  department: Pick<DepartmentChoice, 'code' | 'name'> | undefined;
  headingRef: Ref<HTMLHeadingElement>;
  onChooseAnother: () => void;
  /** What the visitor can do meanwhile. */
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="wrong-department">
      <h2 id="wrong-department" ref={headingRef} tabIndex={-1}>
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
        <Button variant="outline" onClick={onChooseAnother}>
          Choisir un autre département
        </Button>
        {actions}
      </div>
    </section>
  );
}
