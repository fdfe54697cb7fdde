import type { TransportRequestStatus } from '../../common/constants.ts';
import { frenchDateFormat, plural } from '../../common/format.ts';
import { TRANSPORT_STATUS_LABELS, type TransportRequestView } from '../../common/transport.ts';
import { cx } from '../ui/cx.ts';

const STATUS_COLORS: Record<TransportRequestStatus, string> = {
  pending: 'bg-yellow-light text-yellow-text',
  accepted: 'bg-green-light text-green-text',
  refused: 'bg-error-light text-error-text',
  cancelled: 'bg-grey text-grey-dark',
};

export function TransportStatusBadge({ status }: { status: TransportRequestStatus }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-3 py-1 text-sm font-semibold',
        STATUS_COLORS[status],
      )}
    >
      <span className="sr-only">Statut de la demande : </span>
      {TRANSPORT_STATUS_LABELS[status]}
    </span>
  );
}

const DATE = frenchDateFormat({ dateStyle: 'long', timeZone: 'Europe/Paris' });

export function formatRequestDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** What was asked, and the operators' answer once given. */
export function TransportRequestFacts({ request }: { request: TransportRequestView }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div>
        <dt className="font-semibold">Groupe</dt>
        <dd>{plural(request.groupSize, 'personne')}</dd>
      </div>
      <div>
        <dt className="font-semibold">Départ</dt>
        <dd className="break-words">{request.departure}</dd>
      </div>
      {request.comment && (
        <div className="sm:col-span-2">
          <dt className="font-semibold">Commentaire</dt>
          <dd className="whitespace-pre-line break-words">{request.comment}</dd>
        </div>
      )}
      {request.answer && (
        <div className="sm:col-span-2">
          <dt className="font-semibold">Réponse de l’équipe de la plateforme</dt>
          <dd className="whitespace-pre-line break-words">{request.answer}</dd>
        </div>
      )}
    </dl>
  );
}
