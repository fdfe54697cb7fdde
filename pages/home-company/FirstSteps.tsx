import { plural } from '../../common/format.ts';
import type { FirstSteps as FirstStepsData } from '../../server/first-steps/index.ts';

/**
 * What a new company has left to do (issue 21; docs/decisions/0052): each step a link to where it is done,
 * the done ones ticked. The home page shows it until every step is done.
 */
export function FirstSteps({ steps, doneCount }: FirstStepsData) {
  return (
    <section
      aria-labelledby="premiers-pas"
      className="flex flex-col gap-4 rounded-xl border border-grey bg-white p-6"
      data-testid="first-steps"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="premiers-pas">Vos premiers pas</h2>
        <p className="text-grey-text">
          {plural(doneCount, 'étape faite', 'étapes faites', 'aucune étape faite')} sur {steps.length}
        </p>
      </div>
      <p>
        Complétez ces étapes pour que les enseignants trouvent votre entreprise et réservent vos créneaux.
      </p>
      <ol className="flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.key} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                step.done ? 'bg-green-text text-white' : 'border-2 border-grey-text'
              }`}
            >
              {step.done ? '✓' : ''}
            </span>
            <div className="flex min-w-0 flex-col gap-0.5">
              <a
                className={`link font-semibold ${step.done ? 'text-grey-text line-through' : ''}`}
                href={step.href}
              >
                {step.label}
                <span className="sr-only">{step.done ? ' (fait)' : ' (à faire)'}</span>
              </a>
              <p className="text-sm text-grey-text">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
