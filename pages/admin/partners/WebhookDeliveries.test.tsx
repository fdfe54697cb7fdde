import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type KeyEndpoints, WebhookDeliveries } from './WebhookDeliveries.tsx';

const at = new Date('2026-03-10T09:00:00Z');

function render(endpoints: KeyEndpoints) {
  const window = new Window();
  window.document.body.innerHTML = renderToStaticMarkup(
    <WebhookDeliveries endpoints={endpoints} keyName="Région Test" />,
  );
  return window.document;
}

describe('WebhookDeliveries', () => {
  it('lists each endpoint’s deliveries with « Renvoyer » as a plain form posting the delivery’s id', () => {
    const document = render([
      {
        id: 1,
        url: 'https://hooks.region.example/in',
        events: ['meeting_booked', 'slot_published'],
        createdAt: at,
        pausedAt: at,
        deliveries: [
          {
            id: 'msg_1',
            event: 'meeting_booked',
            status: 'failed',
            attemptedAt: at,
            attempts: 8,
            responseCode: 503,
            durationMs: 1234,
            lastError: 'Réponse 503',
            nextAttemptAt: null,
          },
        ],
      },
    ]);
    expect(document.querySelector('h3')?.textContent).toBe('https://hooks.region.example/in');
    expect(document.body.textContent).toContain('En pause depuis le');
    const cells = [...document.querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['Réservation', 'Échoué', '503Réponse 503', '1\u202f234 ms', '8']);
    const form = document.querySelector('tbody form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('[name=intent]')?.getAttribute('value')).toBe('redeliver');
    expect(form?.querySelector('[name=id]')?.getAttribute('value')).toBe('msg_1');
    expect(form?.querySelector('button')?.textContent).toBe('Renvoyer la livraison msg_1');
  });

  it('says when a key has no endpoint', () => {
    expect(render([]).body.textContent).toBe('Aucun point de réception de webhooks pour cette clé.');
  });
});
