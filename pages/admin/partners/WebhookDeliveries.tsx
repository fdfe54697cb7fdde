import { formatCount } from '../../../common/format.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_STATUS_LABELS } from '../../../common/webhooks.ts';
import { Button } from '../../../islands/ui/Button.tsx';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../../server/webhooks/index.ts';
import { DataTable, shortDateTime } from '../parts.tsx';

export type KeyEndpoints = (WebhookEndpointView & { deliveries: WebhookDeliveryView[] })[];

/**
 * A partner key's webhook endpoints and their last deliveries on `/admin/partners` (docs/decisions/0097):
 * status, response and duration, each with « Renvoyer » as a plain form (`webhookActions`). Rendered on the
 * server; no script needed.
 */
export function WebhookDeliveries({ endpoints, keyName }: { endpoints: KeyEndpoints; keyName: string }) {
  if (endpoints.length === 0) return <p>Aucun point de réception de webhooks pour cette clé.</p>;
  return (
    <div className="flex flex-col gap-6">
      {endpoints.map((endpoint) => (
        <section
          key={endpoint.id}
          aria-labelledby={`webhooks-${endpoint.id}`}
          className="flex flex-col gap-3"
        >
          <h3 id={`webhooks-${endpoint.id}`} className="break-all">
            {endpoint.url}
          </h3>
          <p>
            Événements : {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}.{' '}
            {endpoint.pausedAt ? (
              <strong className="text-error-text">
                En pause depuis le {shortDateTime(endpoint.pausedAt)} : « Renvoyer » reprend les envois.
              </strong>
            ) : (
              'Actif.'
            )}
          </p>
          {endpoint.deliveries.length === 0 ? (
            <p>Aucune livraison pour le moment.</p>
          ) : (
            <DataTable
              caption={`Dernières livraisons vers ${endpoint.url} (clé « ${keyName} »), les plus récentes d’abord`}
              headers={['Tentative', 'Événement', 'État', 'Réponse', 'Durée', 'Essais', 'Action']}
            >
              {endpoint.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row" className="whitespace-nowrap font-normal">
                    <time dateTime={delivery.attemptedAt.toISOString()}>
                      {shortDateTime(delivery.attemptedAt)}
                    </time>
                  </th>
                  <td>{WEBHOOK_EVENT_LABELS[delivery.event]}</td>
                  <td>{WEBHOOK_STATUS_LABELS[delivery.status]}</td>
                  <td className="break-words">
                    {delivery.responseCode ?? '—'}
                    {delivery.lastError && <span className="block text-xs">{delivery.lastError}</span>}
                  </td>
                  <td>{delivery.durationMs === null ? '—' : `${formatCount(delivery.durationMs)} ms`}</td>
                  <td>{formatCount(delivery.attempts)}</td>
                  <td>
                    <form method="post">
                      <input type="hidden" name="intent" value="redeliver" />
                      <input type="hidden" name="id" value={delivery.id} />
                      <Button type="submit" variant="outline">
                        Renvoyer<span className="sr-only"> la livraison {delivery.id}</span>
                      </Button>
                    </form>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
      ))}
    </div>
  );
}
