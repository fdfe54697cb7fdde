import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { ROUTES } from '../../common/routes.ts';
import { AutoContinue } from '../../islands/AutoContinue.tsx';
import { RecruiterTokens } from '../../islands/accounts/RecruiterTokens.tsx';
import { Island } from '../../islands/Island.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import type { CompanyLoginFailure } from '../login-company/company-login-post.ts';
import type { Data, FailureVariant } from './+data.ts';

/** The spec's wait before the company home; the link is there for who does not want to wait. */
const CONTINUE_DELAY_MS = 2000;

type Action = 'retry' | 'signUp' | 'contact' | 'forgotPassword' | 'faq';

const FAILURES: Record<CompanyLoginFailure, Failure> = {
  company_not_found: {
    title: 'Votre entreprise n’est pas active sur la plateforme',
    text: [
      ERROR_MESSAGES.company_not_found,
      'Après l’inscription, l’équipe de la plateforme vérifie les informations de votre entreprise et vous prévient par e-mail dès qu’elle est validée. Si votre entreprise a été archivée, écrivez-nous pour la réactiver.',
    ],
    actions: ['contact', 'signUp', 'retry'],
  },
  wrong_credentials: {
    title: 'Identifiants incorrects',
    text: [
      'Cette adresse e-mail et ce mot de passe ne correspondent à aucun compte recruteur de la plateforme. Vérifiez-les, ou inscrivez votre entreprise si ce n’est pas encore fait.',
    ],
    actions: ['retry', 'forgotPassword', 'signUp'],
  },
  cannot_create_ir_recruiter: {
    title: 'Adresse e-mail déjà utilisée',
    text: [
      ERROR_MESSAGES.cannot_create_ir_recruiter,
      'Connectez-vous avec le compte qui utilise déjà cette adresse, ou écrivez-nous pour rattacher ce compte à votre entreprise.',
    ],
    actions: ['retry', 'contact'],
  },
  cst_not_authorized: {
    title: 'La plateforme n’est pas encore ouverte dans votre département',
    text: [
      ERROR_MESSAGES.cst_not_authorized,
      'La plateforme ouvre département par département, avec la chambre territoriale de chacun. Écrivez-nous pour savoir quand elle ouvrira dans le vôtre.',
    ],
    actions: ['contact', 'faq'],
  },
  other_error: {
    title: 'La connexion n’a pas abouti',
    text: [`${ERROR_MESSAGES.other_error}.`, 'Veuillez réessayer dans quelques instants.'],
    actions: ['retry', 'contact'],
  },
};

type Failure = { title: string; text: string[]; actions: Action[] };

/** The screen of a failure's case, said as it is; the code's general screen when the case is not known. */
function failureScreen(screen: CompanyLoginFailure, variant: FailureVariant | null): Failure {
  switch (variant?.case) {
    case 'pending':
      return {
        title: 'Votre entreprise est en attente de validation',
        text: [
          'L’équipe de la plateforme vérifie les informations de votre entreprise. Vous recevrez un e-mail dès qu’elle sera validée : vous pourrez alors vous connecter et publier vos créneaux.',
        ],
        actions: ['contact', 'faq'],
      };
    case 'refused':
      return {
        title: 'L’inscription de votre entreprise a été refusée',
        text: [
          variant.reason
            ? `Motif indiqué par l’équipe de la plateforme : « ${variant.reason} »`
            : 'L’équipe de la plateforme n’a pas précisé de motif.',
          'Si vous pensez qu’il s’agit d’une erreur, ou si votre situation a changé, écrivez-nous.',
        ],
        actions: ['contact'],
      };
    case 'archived':
      return {
        title: 'Votre entreprise a été archivée',
        text: [
          'Elle n’apparaît plus sur la plateforme et ses créneaux ne sont plus proposés aux enseignants. Écrivez-nous pour la réactiver.',
        ],
        actions: ['contact'],
      };
    case 'closed':
      return {
        title: 'La plateforme n’est plus ouverte dans votre département',
        text: [
          'Elle a fermé dans votre département : vos créneaux n’y sont plus proposés et vous ne pouvez plus vous connecter. Écrivez-nous pour savoir si elle y rouvrira.',
        ],
        actions: ['contact', 'faq'],
      };
    default:
      return FAILURES[screen];
  }
}

function ActionLink({
  action,
  contactEmail,
  primary,
}: {
  action: Action;
  contactEmail: string;
  primary: boolean;
}) {
  const variant = primary ? 'default' : 'outline';
  switch (action) {
    case 'retry':
      return (
        <Button href={ROUTES.loginCompany} variant={variant}>
          Réessayer de me connecter
        </Button>
      );
    case 'signUp':
      return (
        <Button href={ROUTES.signUpCompany} variant={variant}>
          Inscrire mon entreprise
        </Button>
      );
    case 'contact':
      return (
        <Button href={`mailto:${contactEmail}`} variant={variant}>
          Écrire à l’équipe ({contactEmail})
        </Button>
      );
    case 'forgotPassword':
      return (
        <Button href={ROUTES.forgotPassword} variant={variant}>
          Mot de passe oublié
        </Button>
      );
    case 'faq':
      return (
        <Button href={ROUTES.faq} variant={variant}>
          Questions fréquentes
        </Button>
      );
  }
}

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-xl bg-white p-6 sm:p-8">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

export default function Page() {
  const data = useData<Data>();
  if (data.screen === 'success') {
    return (
      <Screen title="Connexion réussie">
        <p>
          Bienvenue {data.firstName}. Vous allez être redirigé vers{' '}
          {data.next === ROUTES.homeCompany ? 'votre espace entreprise' : 'la page demandée'} dans quelques
          secondes.
        </p>
        {data.handoff && <Island name="RecruiterTokens" component={RecruiterTokens} props={data.handoff} />}
        <div>
          <Island
            name="AutoContinue"
            component={AutoContinue}
            props={{
              href: data.next,
              label: data.next === ROUTES.homeCompany ? 'Accéder à mon espace' : 'Voir la page demandée',
              delayMs: CONTINUE_DELAY_MS,
            }}
          />
        </div>
      </Screen>
    );
  }
  if (data.screen === 'none') {
    return (
      <Screen title="Connexion entreprise">
        <p>Aucune connexion en cours. Connectez-vous avec les identifiants de votre entreprise.</p>
        <div>
          <Button href={ROUTES.loginCompany}>Se connecter</Button>
        </div>
      </Screen>
    );
  }
  const failure = failureScreen(data.screen, data.variant);
  return (
    <Screen title={failure.title}>
      {failure.text.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="flex flex-wrap gap-3">
        {failure.actions.map((action, index) => (
          <ActionLink key={action} action={action} contactEmail={data.contactEmail} primary={index === 0} />
        ))}
      </div>
    </Screen>
  );
}
