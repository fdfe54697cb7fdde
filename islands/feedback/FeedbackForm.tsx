import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import {
  FEEDBACK_CRITERIA,
  FEEDBACK_CRITERION_LABELS,
  FEEDBACK_MESSAGES,
  FEEDBACK_RATING_LABELS,
  FEEDBACK_RATINGS,
  type FeedbackCriterion,
  feedbackInputSchema,
} from '../../common/feedback.ts';
import { ROUTES } from '../../common/routes.ts';
import { TEXT_MAX } from '../../common/text.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { cx, focusRing } from '../ui/cx.ts';
import { FeedbackAnswers, type FeedbackAnswersData } from './FeedbackParts.tsx';

const SUBMIT_FEEDBACK = `mutation SubmitFeedback($input: FeedbackInput!) {
  submitFeedback(input: $input) { id organisation matching engagement liked suggestions }
}`;

export const FEEDBACK_THANKS = 'Merci ! Votre avis a été transmis à l’entreprise.';

type Ratings = Record<FeedbackCriterion, string>;
type Errors = Partial<Record<FeedbackCriterion | 'liked' | 'suggestions', string>>;

/**
 * The satisfaction questionnaire of one meeting (PRODUCT.md, After the meeting): three criteria on a
 * worded scale, two free answers. Checked here with the API's own rules; whatever was typed stays on an
 * error, and the focus goes to the first answer to correct. Posted before the script runs, the page
 * records the answers, or shows its refusal (`posted`).
 */
export function FeedbackForm({
  meetingId,
  posted = null,
}: {
  meetingId: number;
  /** Answers posted before the script ran and refused by the page (pages/feedback/@id/+data.ts). */
  posted?: { values: Record<string, string>; errors: Errors; alert: string | null } | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  const kept = posted?.values ?? {};
  const [ratings, setRatings] = useState<Ratings>({
    organisation: kept.organisation ?? '',
    matching: kept.matching ?? '',
    engagement: kept.engagement ?? '',
  });
  const [liked, setLiked] = useState(kept.liked ?? '');
  const [suggestions, setSuggestions] = useState(kept.suggestions ?? '');
  const [errors, setErrors] = useState<Errors>(posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<FeedbackAnswersData | null>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (refusals === 0) return;
    formRef.current
      ?.querySelector<HTMLElement>('fieldset[aria-invalid="true"] input, textarea[aria-invalid="true"]')
      ?.focus();
  }, [refusals]);

  function refuse(next: Errors) {
    setErrors(next);
    setRefusals((n) => n + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = feedbackInputSchema.safeParse({ ...ratings, liked, suggestions });
    if (!parsed.success) return refuse(fieldErrors(parsed.error) as Errors);
    setErrors({});
    setPending(true);
    try {
      const data = await gqlRequest<{ submitFeedback: FeedbackAnswersData }>(
        SUBMIT_FEEDBACK,
        { input: { meetingId: String(meetingId), ...parsed.data } },
        'SubmitFeedback',
      );
      setSent(data.submitFeedback);
    } catch (failure) {
      if (!(failure instanceof GraphQLRequestError)) return setAlert(FEEDBACK_MESSAGES.notSent);
      if (failure.code === 'BAD_USER_INPUT' && Object.keys(failure.fields).length > 0) {
        return refuse(failure.fields as Errors);
      }
      setAlert(failure.code === 'other_error' ? FEEDBACK_MESSAGES.notSent : retryMessage(failure));
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <div className="flex flex-col gap-6">
        <div
          ref={thanksRef}
          tabIndex={-1}
          role="status"
          className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium"
        >
          {FEEDBACK_THANKS}
        </div>
        <section aria-labelledby="vos-reponses" className="flex flex-col gap-4 rounded-2xl bg-white p-6">
          <h2 id="vos-reponses">Vos réponses</h2>
          <FeedbackAnswers feedback={sent} />
        </section>
        <p>
          <a className="link font-semibold" href={`${ROUTES.meetingsTeacher}?periode=termines`}>
            Retour à mes rendez-vous terminés
          </a>
        </p>
      </div>
    );
  }

  const invalid = Object.keys(errors).length > 0;
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-6 rounded-2xl bg-white p-6"
    >
      <p>
        Les trois questions sont obligatoires<span aria-hidden="true"> (*)</span> ; les commentaires sont
        facultatifs.
      </p>
      <FormAlert message={alert ?? (invalid ? ERROR_MESSAGES.BAD_USER_INPUT : null)} />
      {FEEDBACK_CRITERIA.map((criterion) => (
        <RatingScale
          key={criterion}
          criterion={criterion}
          value={ratings[criterion]}
          error={errors[criterion]}
          onChange={(value) => setRatings((current) => ({ ...current, [criterion]: value }))}
        />
      ))}
      <TextArea
        label="Qu’est-ce qui vous a plu ? (facultatif)"
        hint={`${TEXT_MAX.feedbackText} caractères au maximum.`}
        name="liked"
        value={liked}
        error={errors.liked}
        onChange={setLiked}
      />
      <TextArea
        label="Vos suggestions pour l’entreprise (facultatif)"
        hint={`${TEXT_MAX.feedbackText} caractères au maximum.`}
        name="suggestions"
        value={suggestions}
        error={errors.suggestions}
        onChange={setSuggestions}
      />
      <div>
        <Button type="submit" loading={pending}>
          Envoyer mon avis
        </Button>
      </div>
    </form>
  );
}

/** One criterion: its question, a hint, and the four words of the scale as radio buttons. */
function RatingScale({
  criterion,
  value,
  error,
  onChange,
}: {
  criterion: FeedbackCriterion;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const hintId = useId();
  const errorId = useId();
  const labels = FEEDBACK_CRITERION_LABELS[criterion];
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-semibold text-dark">
        {labels.question}
        <span aria-hidden="true" className="ml-1 text-error-text">
          *
        </span>
        <span className="sr-only"> (obligatoire)</span>
      </legend>
      <p id={hintId} className="text-sm text-grey-text">
        {labels.hint}
      </p>
      <div className="grid grid-cols-1 gap-2 xs:grid-cols-2 md:grid-cols-4">
        {FEEDBACK_RATINGS.map((rating) => {
          const checked = value === String(rating);
          return (
            <label
              key={rating}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                checked
                  ? 'border-2 border-purple bg-purple-light'
                  : cx('bg-white', error ? 'border-error-text' : 'border-grey-text'),
              )}
            >
              <input
                type="radio"
                name={criterion}
                value={rating}
                checked={checked}
                onChange={() => onChange(String(rating))}
                className={cx('h-5 w-5 shrink-0 accent-purple', focusRing)}
              />
              <span>{FEEDBACK_RATING_LABELS[rating]}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-error-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
