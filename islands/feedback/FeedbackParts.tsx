import { type ReactNode, useId } from 'react';
import { MEETING_TYPE_LABELS, type MeetingType } from '../../common/constants.ts';
import {
  FEEDBACK_CRITERIA,
  FEEDBACK_CRITERION_LABELS,
  FEEDBACK_RATING_LABELS,
  FEEDBACK_RATINGS,
  type FeedbackCriterion,
  type FeedbackRating,
  formatAverage,
} from '../../common/feedback.ts';
import { formatSlotDate } from '../../common/format.ts';
import { Card } from '../ui/Card.tsx';

/**
 * The questionnaire's answers and results as the pages show them, rendered on the server (no state):
 * one teacher's answers, and a company's (or the platform's) averages, distribution and answers.
 */

export interface FeedbackAnswersData {
  organisation: number;
  matching: number;
  engagement: number;
  liked: string | null;
  suggestions: string | null;
}

const ratingLabel = (value: number) => FEEDBACK_RATING_LABELS[value as FeedbackRating] ?? String(value);

/** One teacher's answers: each criterion with its word on the scale, then what they wrote. */
export function FeedbackAnswers({ feedback }: { feedback: FeedbackAnswersData }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {FEEDBACK_CRITERIA.map((criterion) => (
        <div key={criterion}>
          <dt className="font-semibold">{FEEDBACK_CRITERION_LABELS[criterion].question}</dt>
          <dd>
            <RatingBadge value={feedback[criterion]} />
          </dd>
        </div>
      ))}
      {feedback.liked && (
        <div className="sm:col-span-3">
          <dt className="font-semibold">Ce qui a plu</dt>
          <dd className="whitespace-pre-line break-words">{feedback.liked}</dd>
        </div>
      )}
      {feedback.suggestions && (
        <div className="sm:col-span-3">
          <dt className="font-semibold">Suggestions</dt>
          <dd className="whitespace-pre-line break-words">{feedback.suggestions}</dd>
        </div>
      )}
    </dl>
  );
}

const BADGE_COLORS: Record<FeedbackRating, string> = {
  1: 'bg-error-light text-error-text',
  2: 'bg-yellow-light text-yellow-text',
  3: 'bg-green-light text-green-text',
  4: 'bg-green-light text-green-text',
};

function RatingBadge({ value }: { value: number }) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${BADGE_COLORS[value as FeedbackRating] ?? ''}`}
    >
      {ratingLabel(value)}
    </span>
  );
}

/** Where the results are on a page: `/my-company#avis-des-enseignants`. */
export const FEEDBACK_RESULTS_ANCHOR = 'avis-des-enseignants';

/** What the results need; the server's FeedbackResults has all of it. */
interface FeedbackResultsData {
  count: number;
  averages: Record<FeedbackCriterion, number> | null;
  distribution: Record<FeedbackCriterion, [number, number, number, number]>;
  items: {
    id: number;
    organisation: number;
    matching: number;
    engagement: number;
    liked: string | null;
    suggestions: string | null;
    createdAt: string;
    meeting: {
      id: number;
      companyName: string;
      meetingType: MeetingType;
      startsAt: string;
      timeZone: string;
      teacherName: string;
      establishmentName: string | null;
      detailsUrl: string | null;
    };
  }[];
  exportUrl: string;
}

/**
 * The results of the questionnaires: the averages per criterion, each criterion's distribution as a small
 * chart whose numbers are written in it, the latest answers with their meeting, and the CSV export.
 * `showCompany` names each answer's company (the operators' view of every company).
 */
export function FeedbackResults({
  results,
  showCompany = false,
  beforeAnswers,
}: {
  results: FeedbackResultsData;
  showCompany?: boolean;
  /** Shown between the averages and the answers (the operators' table by company). */
  beforeAnswers?: ReactNode;
}) {
  const headingId = useId();
  const { count, averages, distribution, items } = results;
  return (
    <section
      id={FEEDBACK_RESULTS_ANCHOR}
      aria-labelledby={headingId}
      className="flex scroll-mt-24 flex-col gap-6 rounded-2xl bg-white p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId}>Avis des enseignants</h2>
        {count > 0 && (
          <a className="link font-semibold" href={results.exportUrl} download>
            Télécharger les avis (CSV)
          </a>
        )}
      </div>
      {count === 0 || !averages ? (
        <p>
          Aucun avis pour le moment. Après chaque rencontre, l’enseignant est invité à répondre à un court
          questionnaire : ses réponses apparaîtront ici.
        </p>
      ) : (
        <>
          <p>
            {count > 1 ? `${count} avis reçus` : '1 avis reçu'}, notés de « {FEEDBACK_RATING_LABELS[1]} » (1)
            à « {FEEDBACK_RATING_LABELS[4]} » (4).
          </p>
          <ul aria-label="Moyennes par question" className="flex flex-col gap-4">
            {FEEDBACK_CRITERIA.map((criterion) => (
              <li key={criterion}>
                <Card
                  background="grey"
                  className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex flex-col gap-1">
                    <p className="font-semibold">{FEEDBACK_CRITERION_LABELS[criterion].question}</p>
                    <p className="text-2xl font-bold">
                      <span className="sr-only">Moyenne : </span>
                      {formatAverage(averages[criterion])}
                    </p>
                  </div>
                  <DistributionChart criterion={criterion} counts={distribution[criterion]} />
                </Card>
              </li>
            ))}
          </ul>
          {beforeAnswers}
          <div className="flex flex-col gap-3">
            <h3 className="text-lg font-bold">
              {items.length < count ? `Les ${items.length} derniers avis` : 'Les avis'}
            </h3>
            <ul aria-label="Avis reçus" className="flex flex-col gap-4">
              {items.map((item) => (
                <li key={item.id} className="flex flex-col gap-3 rounded-lg border border-grey p-4">
                  <p className="font-semibold">
                    {item.meeting.detailsUrl ? (
                      <a className="link" href={item.meeting.detailsUrl}>
                        {answerTitle(item.meeting, showCompany)}
                      </a>
                    ) : (
                      answerTitle(item.meeting, showCompany)
                    )}
                  </p>
                  <p className="text-sm text-grey-text">
                    {item.meeting.teacherName}
                    {item.meeting.establishmentName && ` — ${item.meeting.establishmentName}`}
                  </p>
                  <FeedbackAnswers feedback={item} />
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </section>
  );
}

function answerTitle(meeting: FeedbackResultsData['items'][number]['meeting'], showCompany: boolean): string {
  const what = `${MEETING_TYPE_LABELS[meeting.meetingType]} du ${formatSlotDate(meeting.startsAt, meeting.timeZone)}`;
  return showCompany ? `${meeting.companyName} — ${what}` : what;
}

const BAR_COLORS: Record<FeedbackRating, string> = {
  1: '#b33600',
  2: '#8a5a00',
  3: '#007a5a',
  4: '#2f1b78',
};

/**
 * How many answers gave each rating, as horizontal bars, best first. An image to screen readers, named by
 * the same numbers; the numbers are also written beside the bars.
 */
function DistributionChart({
  criterion,
  counts,
}: {
  criterion: FeedbackCriterion;
  counts: [number, number, number, number];
}) {
  const titleId = useId();
  const max = Math.max(1, ...counts);
  const rows = [...FEEDBACK_RATINGS].reverse();
  const label = `${FEEDBACK_CRITERION_LABELS[criterion].short} : ${rows
    .map((rating) => `${FEEDBACK_RATING_LABELS[rating]} ${counts[rating - 1]}`)
    .join(', ')}`;
  const width = 320;
  const labelWidth = 116;
  const barArea = width - labelWidth - 40;
  const rowHeight = 26;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${width} ${rows.length * rowHeight}`}
      width={width}
      height={rows.length * rowHeight}
      className="h-auto max-w-full shrink-0"
    >
      <title id={titleId}>{label}</title>
      {rows.map((rating, index) => {
        const count = counts[rating - 1] ?? 0;
        const barWidth = Math.round((count / max) * barArea);
        const y = index * rowHeight;
        return (
          <g key={rating}>
            <text x={0} y={y + 18} fontSize={14} fill="#1b1530">
              {FEEDBACK_RATING_LABELS[rating]}
            </text>
            <rect
              x={labelWidth}
              y={y + 6}
              width={Math.max(barWidth, 2)}
              height={16}
              rx={3}
              fill={BAR_COLORS[rating]}
            />
            <text
              x={labelWidth + Math.max(barWidth, 2) + 6}
              y={y + 18}
              fontSize={14}
              fontWeight={700}
              fill="#1b1530"
            >
              {count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
