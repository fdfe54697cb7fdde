import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanySignUpWizard } from './CompanySignUpWizard.tsx';
import { EMPTY_VALUES, FIRST_STEP } from './company-sign-up.ts';

const DEPARTMENTS = [
  { code: '01', name: 'Ain', active: false },
  { code: '69', name: 'Rhône', active: true },
];

type Answer = { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] };
const requests: { operationName: string; variables: Record<string, unknown> }[] = [];
let answers: Record<string, Answer[]>;

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      requests.push(body);
      const answer = answers[body.operationName]?.shift() ?? { data: null };
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const heading = () => screen.getByRole('heading', { level: 2 });

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(screen.getByRole('option', { name: option }));
}

async function toIdentityStep(user: ReturnType<typeof userEvent.setup>) {
  render(<CompanySignUpWizard departments={DEPARTMENTS} />);
  await choose(user, /Département de votre entreprise/, '69 — Rhône');
  await user.click(screen.getByRole('button', { name: 'Continuer' }));
  expect(heading().textContent).toBe('Votre entreprise');
}

describe('CompanySignUpWizard', () => {
  it('places a company by postcode and commune when it cannot find its address, and brings it back to the e-mail the server refuses', async () => {
    answers = {
      CompanyIdentity: [
        { data: { companyIdentity: { name: null, nafCode: null, address: null, alreadyRegistered: false } } },
      ],
      CommunesOfPostcode: [
        {
          data: {
            communesOfPostcode: [
              { zipcode: '69380', city: 'Chazay-d’Azergues', lat: 45.874, lng: 4.711 },
              { zipcode: '69380', city: 'Lozanne', lat: 45.857, lng: 4.682 },
            ],
          },
        },
      ],
      SignUpCompany: [
        {
          errors: [{ message: 'L’adresse e-mail existe déjà', extensions: { code: 'email_already_exists' } }],
        },
        { data: { signUpCompany: { name: 'Ateliers Azergues', status: 'pending' } } },
      ],
    };
    const user = userEvent.setup();
    await toIdentityStep(user);

    await user.type(screen.getByRole('textbox', { name: /SIRET/ }), '51234567900017');
    expect(await screen.findByText(/Entreprise introuvable dans le répertoire/)).toBeTruthy();
    await user.type(screen.getByLabelText(/Nom de l’entreprise/), 'Ateliers Azergues');
    await user.click(screen.getByRole('button', { name: 'Je ne trouve pas mon adresse' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Ce champ est requis')).toBeTruthy();
    await user.type(screen.getByLabelText(/Code postal/), '69380');
    await choose(user, /Commune/, 'Lozanne');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    expect(heading().textContent).toBe('Son activité');
    await user.type(screen.getByLabelText(/Code NAF/), '2562b');
    await choose(user, /Secteur d’activité/, 'Mécanique');
    await user.type(screen.getByLabelText(/Téléphone de l’entreprise/), '0478000000');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.type(screen.getByLabelText(/Prénom/), 'Inès');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Moreau');
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'ines@azergues.fr');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse-1');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'Motdepasse-2');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Les deux mots de passe ne sont pas identiques')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Confirmation du mot de passe/));
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'Motdepasse-1');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByLabelText(/J’ai lu et j’accepte/));
    await user.click(screen.getByRole('button', { name: 'Inscrire mon entreprise' }));

    expect(await screen.findByText('L’adresse e-mail existe déjà')).toBeTruthy();
    expect(heading().textContent).toBe('Vos coordonnées');
    const sent = requests.find((request) => request.operationName === 'SignUpCompany');
    expect(sent?.variables.input).toMatchObject({
      siret: '51234567900017',
      address: { label: '69380 Lozanne', zipcode: '69380', city: 'Lozanne', lat: 45.857, lng: 4.682 },
      nafCode: '25.62B',
      sector: 'mechanics',
      user: { email: 'ines@azergues.fr' },
    });
    expect(sent?.variables.input).not.toHaveProperty('passwordConfirmation');

    await user.clear(screen.getByLabelText(/Adresse e-mail/));
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'contact@azergues.fr');
    for (let i = 0; i < 2; i++) await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('button', { name: 'Inscrire mon entreprise' }));
    expect(await screen.findByText(/Votre inscription est enregistrée/)).toBeTruthy();
    expect(screen.getByText('Étape 7 sur 7')).toBeTruthy();
  });

  it('says at once that a SIRET is already signed up, with a link to log in', async () => {
    answers = {
      CompanyIdentity: [
        {
          data: {
            companyIdentity: {
              name: 'FORGES DE VENISSIEUX',
              nafCode: '25.62B',
              address: null,
              alreadyRegistered: true,
            },
          },
        },
      ],
    };
    const user = userEvent.setup();
    await toIdentityStep(user);
    await user.type(screen.getByRole('textbox', { name: /SIRET/ }), '51234567900017');
    expect(await screen.findByText('Une entreprise est déjà inscrite avec ce SIRET.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login-company');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(heading().textContent).toBe('Votre entreprise');
  });

  it('offers to ask to join the company of a registered SIRET, and sends the request (issue 21)', async () => {
    answers = {
      CompanyIdentity: [
        {
          data: {
            companyIdentity: {
              name: 'FORGES DE VENISSIEUX',
              nafCode: '25.62B',
              address: null,
              alreadyRegistered: true,
            },
          },
        },
      ],
      RequestToJoinCompany: [
        {
          errors: [{ message: 'L’adresse e-mail existe déjà', extensions: { code: 'email_already_exists' } }],
        },
        { data: { requestToJoinCompany: true } },
      ],
    };
    const user = userEvent.setup();
    await toIdentityStep(user);
    await user.type(screen.getByRole('textbox', { name: /SIRET/ }), '51234567900017');
    await user.click(await screen.findByRole('button', { name: 'Demander à rejoindre cette entreprise' }));
    expect(heading().textContent).toBe('Demander à rejoindre cette entreprise');
    await user.type(screen.getByLabelText(/Prénom/), 'Noé');
    await user.type(screen.getByLabelText(/^Nom/), 'Petit');
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'noe@forges.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse-1');
    await user.type(screen.getByLabelText(/Confirmation/), 'Motdepasse-2');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(screen.getByText('Les deux mots de passe ne sont pas identiques')).toBeTruthy();
    expect(requests.filter((r) => r.operationName === 'RequestToJoinCompany')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Confirmation/));
    await user.type(screen.getByLabelText(/Confirmation/), 'Motdepasse-1');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByText('L’adresse e-mail existe déjà')).toBeTruthy();
    // What was typed stays, the e-mail to correct included.
    expect((screen.getByLabelText(/Prénom/) as HTMLInputElement).value).toBe('Noé');
    await user.clear(screen.getByLabelText(/Adresse e-mail/));
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'noe.petit@forges.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByRole('heading', { name: 'Demande envoyée' })).toBeTruthy();
    // Nobody hears of it before its requester confirms the e-mailed link (issue 37).
    expect(screen.getByText(/Confirmez d’abord votre adresse/)).toBeTruthy();
    expect(requests.at(-1)?.variables).toEqual({
      input: {
        siret: '51234567900017',
        firstName: 'Noé',
        lastName: 'Petit',
        email: 'noe.petit@forges.fr',
        password: 'Motdepasse-1',
        acceptTerms: true,
      },
    });
  });

  it('says at once that a company awaiting validation will get the request once validated (issue 36)', async () => {
    answers = {
      CompanyIdentity: [
        {
          data: {
            companyIdentity: { name: 'FORGES', nafCode: '25.62B', address: null, alreadyRegistered: true },
          },
        },
      ],
      RequestToJoinCompany: [{ data: { requestToJoinCompany: false } }],
    };
    const user = userEvent.setup();
    await toIdentityStep(user);
    await user.type(screen.getByRole('textbox', { name: /SIRET/ }), '51234567900017');
    await user.click(await screen.findByRole('button', { name: 'Demander à rejoindre cette entreprise' }));
    await user.type(screen.getByLabelText(/Prénom/), 'Noé');
    await user.type(screen.getByLabelText(/^Nom/), 'Petit');
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'noe.petit@forges.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse-1');
    await user.type(screen.getByLabelText(/Confirmation/), 'Motdepasse-1');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByRole('heading', { name: 'Demande envoyée' })).toBeTruthy();
    expect(screen.getByText(/attend encore la validation de son inscription/)).toBeTruthy();
    expect(screen.queryByText(/ont reçu votre demande par e-mail/)).toBeNull();
  });

  it('leads an inactive department to the wrong-department screen', async () => {
    const user = userEvent.setup();
    render(<CompanySignUpWizard departments={DEPARTMENTS} />);
    await choose(user, /Département de votre entreprise/, '01 — Ain');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(heading().textContent).toMatch(/pas encore ouverte dans votre département/);
    expect(screen.getByText(/département Ain \(01\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Choisir un autre département' }));
    expect(heading().textContent).toBe('Votre département');
  });

  it('shows the result pages a plain post leads to: the sign-up recorded, the request sent', () => {
    const values = {
      ...EMPTY_VALUES,
      name: 'FORGES DE VENISSIEUX',
      user: { ...EMPTY_VALUES.user, email: 'ines@forges.fr' },
    };
    render(<CompanySignUpWizard departments={DEPARTMENTS} start={{ ...FIRST_STEP, step: 'done', values }} />);
    expect(heading().textContent).toBe('Inscription enregistrée');
    expect(screen.getByText('Étape 7 sur 7')).toBeTruthy();
    expect(screen.getByText('ines@forges.fr')).toBeTruthy();
    cleanup();
    render(
      <CompanySignUpWizard
        departments={DEPARTMENTS}
        start={{ ...FIRST_STEP, step: 'join', values, joinSent: 'awaitingValidation' }}
      />,
    );
    expect(heading().textContent).toBe('Demande envoyée');
    expect(screen.getByText(/FORGES DE VENISSIEUX attend encore la validation/)).toBeTruthy();
  });

  it('carries in the request to join the sign-up it leaves, not the person it asks again', () => {
    const { container } = render(
      <CompanySignUpWizard
        departments={DEPARTMENTS}
        start={{
          ...FIRST_STEP,
          step: 'join',
          values: { ...EMPTY_VALUES, departmentCode: '69', siret: '51234567900017', phone: '0478000000' },
          lookup: 'registered',
        }}
      />,
    );
    const hidden = [...container.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
      (input) => input.name,
    );
    expect(hidden).toEqual(['step', 'departmentCode', 'siret', 'name', 'nafCode', 'sector', 'phone']);
    expect((screen.getByLabelText(/^Téléphone/) as HTMLInputElement).name).toBe('userPhone');
  });
});
