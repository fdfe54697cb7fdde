import { useData } from 'vike-react/useData';
import { PARTNER_SCOPE_LABELS } from '../../../common/partner-keys.ts';
import { PARTNER_SCOPES, type PartnerScope } from '../../../common/partners.ts';
import { ROUTES } from '../../../common/routes.ts';
import { FormAlert } from '../../../islands/accounts/FormAlert.tsx';
import { SnippetField } from '../../../islands/companies/SnippetField.tsx';
import { Island } from '../../../islands/Island.tsx';
import { Button } from '../../../islands/ui/Button.tsx';
import { ChoiceGroup } from '../../../islands/ui/ChoiceGroup.tsx';
import { ConfirmStep } from '../../../islands/ui/ConfirmStep.tsx';
import { ConfirmSubmit } from '../../../islands/ui/ConfirmSubmit.tsx';
import { TextField } from '../../../islands/ui/TextField.tsx';
import { AdminPage, Facts, Notice, shortDateTime } from '../parts.tsx';
import { type Data, PARTNER_INTENTS } from './+data.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';

type Key = Data['keys'][number];

const revocationWords = (key: Key) => ({
  title: `Révoquer la clé « ${key.name} » ?`,
  confirmLabel: 'Révoquer la clé',
  paragraphs: [
    'La clé est refusée dès sa prochaine requête, et ses webhooks ne sont plus envoyés. Une clé révoquée ne peut pas être réactivée : il faudra en créer une nouvelle.',
  ],
});

const noChange = () => {};

export default function Page() {
  const { keys, created, revokedName, redelivered } = useData<Data>();
  return (
    <AdminPage title="Partenaires" section="/admin/partners">
      <p>
        Une clé d’API permet à un partenaire (une région, une CCI, une académie, l’organisateur d’une semaine
        de l’industrie) de lire les données publiques de la plateforme et d’être prévenu par des webhooks. Ce
        qu’elle ouvre est décrit sur la page publique{' '}
        <a className="link" href={ROUTES.developers}>
          Développeurs
        </a>
        .
      </p>
      <Notice>
        {(revokedName && `La clé « ${revokedName} » est révoquée : elle est refusée dès maintenant.`) ||
          (redelivered && 'La livraison est renvoyée : elle part dans la minute.') ||
          null}
      </Notice>
      {created && <CreatedKey name={created.name} secret={created.secret} />}
      <section aria-labelledby="cles" className="flex flex-col gap-4">
        <h2 id="cles">Clés</h2>
        {keys.length === 0 ? (
          <p>Aucune clé pour l’instant.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {keys.map((key) => (
              <PartnerKeyCard key={key.id} partnerKey={key} />
            ))}
          </ul>
        )}
      </section>
      <CreateForm />
    </AdminPage>
  );
}

/** The secret, this once: the page that answers the creation is the only place it is ever shown. */
function CreatedKey({ name, secret }: { name: string; secret: string }) {
  return (
    <section
      id="cle-creee"
      aria-labelledby="cle-creee-titre"
      className="flex scroll-mt-24 flex-col gap-4 rounded-xl border-2 border-dark bg-white p-6"
    >
      <h2 id="cle-creee-titre">La clé « {name} » est créée</h2>
      <p role="alert" className="rounded-lg bg-yellow-light p-4 font-semibold">
        Copiez la clé maintenant : elle ne sera plus jamais affichée. La plateforme n’en garde qu’une
        empreinte et ne pourra pas la retrouver. Transmettez-la au partenaire par un canal sûr.
      </p>
      <Island
        name="SnippetField"
        component={SnippetField}
        props={{
          id: 'secret',
          label: 'Clé secrète',
          hint: 'À envoyer dans l’en-tête HTTP Authorization, après le mot Bearer et une espace.',
          code: secret,
        }}
      />
      <div>
        <Button href={ROUTES.adminPartners} variant="outline" color="black">
          J’ai copié la clé
        </Button>
      </div>
    </section>
  );
}

function PartnerKeyCard({ partnerKey: key }: { partnerKey: Key }) {
  const { confirming } = useData<Data>();
  const words = revocationWords(key);
  const asked = confirming?.target === String(key.id) ? confirming : null;
  return (
    <li id={`cle-${key.id}`} className="flex scroll-mt-24 flex-col gap-4 rounded-xl bg-white p-4">
      <h3 className="text-lg font-bold">{key.name}</h3>
      <Facts
        rows={[
          ['Contact', key.contactEmail],
          ['Autorisations', key.scopes.map((scope) => PARTNER_SCOPE_LABELS[scope].label).join(', ')],
          ['Régions', key.regionNames.length ? key.regionNames.join(', ') : 'Toutes les régions'],
          ['Créée le', shortDateTime(key.createdAt)],
          ['Dernière utilisation', key.lastUsedAt ? shortDateTime(key.lastUsedAt) : 'Jamais'],
          [
            'État',
            key.revokedAt ? (
              <strong key="revoked" className="text-error-text">
                Révoquée le {shortDateTime(key.revokedAt)}
              </strong>
            ) : (
              'Active'
            ),
          ],
        ]}
      />
      {!key.revokedAt &&
        (asked ? (
          <ConfirmStep
            id={`revoquer-${key.id}`}
            title={words.title}
            confirmLabel={words.confirmLabel}
            cancelHref={asked.pageUrl}
            action={`#cle-${key.id}`}
            fields={{ intent: PARTNER_INTENTS.revoke, id: String(key.id) }}
          >
            {words.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </ConfirmStep>
        ) : (
          <form method="post" action={`#cle-${key.id}`}>
            <input type="hidden" name="intent" value={PARTNER_INTENTS.revoke} />
            <input type="hidden" name="id" value={key.id} />
            <Island
              name="ConfirmSubmit"
              component={ConfirmSubmit}
              props={{ label: `Révoquer la clé « ${key.name} »`, ...words }}
            />
          </form>
        ))}
      <WebhookDeliveries endpoints={key.endpoints} keyName={key.name} />
    </li>
  );
}

function CreateForm() {
  const { regions, creation } = useData<Data>();
  const values = creation?.values ?? {};
  const errors = creation?.errors ?? {};
  return (
    <section id="creer" aria-labelledby="creer-titre" className="scroll-mt-24 rounded-xl bg-white p-6">
      <form method="post" action="#creer" noValidate className="flex flex-col gap-5">
        <h2 id="creer-titre">Créer une clé</h2>
        <input type="hidden" name="intent" value={PARTNER_INTENTS.create} />
        {creation?.alert && <FormAlert message={creation.alert} />}
        <TextField
          label="Nom du partenaire"
          name="name"
          required
          defaultValue={values.name ?? ''}
          error={errors.name}
        />
        <TextField
          label="E-mail de contact"
          name="contactEmail"
          type="email"
          autoComplete="off"
          required
          hint="Prévenu quand ses webhooks échouent trop longtemps."
          defaultValue={values.contactEmail ?? ''}
          error={errors.contactEmail}
        />
        <ChoiceGroup<PartnerScope>
          legend="Autorisations"
          name="scopes"
          multiple
          required
          options={PARTNER_SCOPES.map((scope) => ({
            value: scope,
            label: (
              <>
                <strong>{PARTNER_SCOPE_LABELS[scope].label}</strong> : {PARTNER_SCOPE_LABELS[scope].reads}
              </>
            ),
          }))}
          value={creation?.scopes ?? []}
          error={errors.scopes}
          onChange={noChange}
        />
        <ChoiceGroup<string>
          legend="Régions (aucune cochée : toutes les régions)"
          name="regionCodes"
          multiple
          className="sm:grid sm:grid-cols-2"
          options={regions.map((region) => ({ value: region.code, label: region.name }))}
          value={creation?.regionCodes ?? []}
          error={errors.regionCodes}
          onChange={noChange}
        />
        <div>
          <Button type="submit">Créer la clé</Button>
        </div>
      </form>
    </section>
  );
}
