import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { PARTNER_SCOPE_LABELS } from '../../common/partner-keys.ts';
import { PARTNER_SCOPES, WEBHOOK_EVENTS, type WebhookEvent, webhookType } from '../../common/partners.ts';
import type { Data } from './+data.ts';

/** What each webhook event tells, in the partner's words. */
const EVENT_LABELS: Record<WebhookEvent, string> = {
  slot_published: 'un créneau est publié',
  slot_changed: 'un créneau change (date, horaire, durée, type, public, lieu, places)',
  slot_deleted: 'un créneau est supprimé',
  meeting_booked: 'un groupe réserve un créneau',
  meeting_changed: 'une réservation change (taille du groupe)',
  meeting_cancelled: 'une réservation est annulée',
  company_validated: 'une entreprise est validée et rejoint la plateforme',
};

const SLOTS_QUERY = `query CreneauxDeLaRegion($region: String!) {
  partnerSlots(regionCode: $region, pageSize: 20) {
    total
    items {
      id
      startsAt
      timeZone
      durationMinutes
      meetingType
      publicCategories
      seatsLeft
      company { id name address { city departmentCode } }
    }
  }
}`;

const OTHER_QUERIES = `# Les entreprises validées d’un département
{ partnerCompanies(departmentCode: "69") { total items { id name sector address { city } availableSlotsCount } } }

# Les chiffres de vos régions, par mois (ce mois-ci et les onze précédents par défaut)
{ partnerStatistics { bookings meetingsHeld pupilsReached fillRate bookingsPerMonth { month count } } }

# Les départements et leur région
{ departments { code name regionCode active } }`;

const curlOf = (graphqlUrl: string) => `curl ${graphqlUrl} \\
  -H 'Authorization: Bearer pk_votre_cle' \\
  -H 'Content-Type: application/json' \\
  -d '{"query": "query($region: String!) { partnerSlots(regionCode: $region) { total items { id startsAt seatsLeft company { name } } } }", "variables": {"region": "06"}}'`;

const WEBHOOK_BODY = `{
  "type": "meeting.booked",
  "timestamp": "2027-03-10T09:30:00.000Z",
  "data": { "slotId": "412", "meetingId": "1287", "companyName": "Forges de Lyon", "participantsCount": 24 }
}`;

const VERIFY = `import express from 'express';
import { Webhook } from 'standardwebhooks';

// Le secret de signature reçu à la création de l’adresse (whsec_…)
const webhook = new Webhook(process.env.PASSERELLE_WEBHOOK_SECRET);
const app = express();

app.post('/webhooks/passerelle', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    // Vérifie webhook-signature sur le corps tel que reçu, et refuse un horodatage de plus de 5 minutes
    event = webhook.verify(req.body, req.headers);
  } catch {
    return res.status(400).end();
  }
  // Un même webhook-id peut arriver deux fois (une relance) : ne le traitez qu’une fois
  console.log(req.headers['webhook-id'], event.type, event.data);
  res.status(204).end();
});`;

/** Code to copy, wrapped rather than scrolled: on a phone it is read whole, with no region to reach. */
function Code({ children }: { children: string }) {
  return (
    <pre className="whitespace-pre-wrap break-words rounded-lg bg-dark p-4 text-sm text-white">
      <code>{children}</code>
    </pre>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="prose-block flex flex-col gap-3">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The partner API's public page (issue 37): how to get a key, what each scope reads, how to call, the limit,
 * the webhooks and how to check their signature. No form: no JavaScript.
 */
export default function Page() {
  const { contactEmail, graphqlUrl, requestsPerMinute, regions } = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-8">
      <div className="flex flex-col gap-3">
        <h1>Développeurs : l’API des partenaires</h1>
        <p>
          Les régions, les CCI, les académies et les organisateurs d’événements peuvent afficher sur leur site
          les créneaux et les entreprises de Passerelle Industrie, suivre les chiffres de leur territoire et
          être prévenus des réservations. L’API ne donne que des données publiques : jamais le nom, l’e-mail
          ou le téléphone d’un enseignant, d’un recruteur ou d’un intervenant, ni le message d’une
          réservation.
        </p>
      </div>

      <Section id="obtenir" title="Obtenir une clé">
        <p>
          Écrivez à{' '}
          <a className="link" href={`mailto:${contactEmail}?subject=Clé d’API partenaire`}>
            {contactEmail}
          </a>{' '}
          en indiquant votre organisme, l’adresse e-mail du contact technique, les régions qui vous
          intéressent et ce que vous souhaitez lire. L’équipe de la plateforme crée la clé et vous la transmet
          une seule fois : elle n’en garde qu’une empreinte et ne pourra pas vous la renvoyer. Gardez-la
          secrète, sur votre serveur (jamais dans une page web) ; si elle a pu fuiter, demandez sa révocation
          et une nouvelle clé.
        </p>
      </Section>

      <Section id="autorisations" title="Autorisations">
        <p>Chaque clé ouvre une ou plusieurs autorisations, éventuellement limitées à certaines régions.</p>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          {PARTNER_SCOPES.map((scope) => (
            <li key={scope}>
              <strong>{PARTNER_SCOPE_LABELS[scope].label}</strong> (<code>{scope}</code>) :{' '}
              {PARTNER_SCOPE_LABELS[scope].reads}.
            </li>
          ))}
        </ul>
        <p>
          Une clé ne lit que les champs publics de ces données : toute requête qui demande autre chose (une
          autre opération, l’intervenant d’un créneau, le contact d’une entreprise) est refusée en entier,
          avec le code <code>partner_not_allowed</code> et le nom du champ refusé.
        </p>
      </Section>

      <Section id="requetes" title="Faire une requête">
        <p>
          L’API est en GraphQL, à l’adresse <code>{graphqlUrl}</code> (POST, corps JSON). La clé s’envoie dans
          l’en-tête <code>Authorization</code>, précédée de <code>Bearer</code>. Par exemple, les créneaux
          ouverts d’Auvergne-Rhône-Alpes (région 06) :
        </p>
        <Code>{curlOf(graphqlUrl)}</Code>
        <p>La même requête, lisible, avec plus de champs :</p>
        <Code>{SLOTS_QUERY}</Code>
        <p>
          Sans région ni département, une clé lit toutes ses régions. Les listes sont paginées (
          <code>page</code>, <code>pageSize</code> jusqu’à 100) ; les créneaux vont du plus proche au plus
          lointain, à partir de maintenant ou de <code>from</code>, jusqu’à <code>to</code>. Les heures sont
          en UTC ; <code>timeZone</code> donne le fuseau du créneau.
        </p>
        <Code>{OTHER_QUERIES}</Code>
      </Section>

      <Section id="regions" title="Codes des régions">
        <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {regions.map((region) => (
            <li key={region.code}>
              <code>{region.code}</code> {region.name}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="limite" title="Limite et erreurs">
        <p>
          Chaque clé peut faire {requestsPerMinute} requêtes par minute. Au-delà, la réponse est un HTTP 429
          avec l’en-tête <code>Retry-After</code> et l’erreur <code>rate_limited</code>, dont{' '}
          <code>extensions.retryAfter</code> donne le nombre de secondes à attendre.
        </p>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>
            <code>invalid_partner_key</code> (HTTP 401) : la clé est inconnue ou a été révoquée.
          </li>
          <li>
            <code>partner_not_allowed</code> (HTTP 403) : la requête demande ce que la clé n’ouvre pas.
          </li>
          <li>
            <code>BAD_USER_INPUT</code> : un argument est refusé, par exemple une région hors de celles de la
            clé ; <code>extensions.fields</code> dit lequel.
          </li>
        </ul>
        <p>
          Chaque erreur a un code dans <code>extensions.code</code> et un message en français.
        </p>
      </Section>

      <Section id="webhooks" title="Webhooks">
        <p>
          Une clé qui a l’autorisation Webhooks enregistre ses adresses de réception avec la mutation{' '}
          <code>createWebhookEndpoint(url, events)</code>, qui répond une seule fois son secret de signature (
          <code>whsec_…</code>). <code>myWebhookEndpoints</code> liste ses adresses et leurs derniers envois,{' '}
          <code>redeliverWebhook</code> renvoie un envoi, <code>deleteWebhookEndpoint</code> retire une
          adresse.
        </p>
        <p>Les événements :</p>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event}>
              <code>{webhookType(event)}</code> : {EVENT_LABELS[event]}.
            </li>
          ))}
        </ul>
        <p>
          Chaque envoi est un POST JSON de cette forme ; les champs de <code>data</code> dépendent de
          l’événement. Ce ne sont que des identifiants, des dates, des types, des nombres et le nom public de
          l’entreprise : jamais le nom, l’e-mail ou le téléphone d’une personne, ni le message d’une
          réservation.
        </p>
        <Code>{WEBHOOK_BODY}</Code>
        <p>
          Les envois suivent la spécification Standard Webhooks : les en-têtes <code>webhook-id</code>{' '}
          (identifiant de l’envoi, le même à chaque relance), <code>webhook-timestamp</code> (secondes depuis
          1970) et <code>webhook-signature</code> (<code>v1,</code> suivi de la signature HMAC-SHA256 en
          base64 de <code>id.timestamp.corps</code>, avec les octets du secret). Répondez par un code 2xx en
          moins de quelques secondes ; sinon l’envoi est relancé, de plus en plus espacé, pendant 24 heures,
          puis l’adresse est mise en pause et votre contact prévenu par e-mail.
        </p>
        <p>
          Vérifiez chaque signature avant de lire l’envoi, par exemple avec le paquet npm{' '}
          <code>standardwebhooks</code> :
        </p>
        <Code>{VERIFY}</Code>
      </Section>
    </div>
  );
}
