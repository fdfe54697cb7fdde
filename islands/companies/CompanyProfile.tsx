import { COMPANY_STATUS_LABELS, companyProfileBlocks } from '../../common/companies.ts';
import { type CompanyStatus, SECTOR_LABELS, type Sector } from '../../common/constants.ts';
import { TEXT_MAX, TEXT_MESSAGES } from '../../common/text.ts';
import { AddressField } from '../AddressField.tsx';
import { Block, TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { type PlainBlocks, postedTo, useBlockForm } from '../accounts/profile/useBlockForm.ts';
import type { AddressValue } from '../address-post.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { CheckboxField } from '../ui/ChoiceGroup.tsx';
import { Listbox } from '../ui/Listbox.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { TextField } from '../ui/TextField.tsx';
import { Toaster } from '../ui/Toast.tsx';

export interface CompanyProfileProps {
  identity: { name: string; siret: string; nafCode: string; sector: Sector; status: CompanyStatus };
  description: string;
  website: string;
  address: AddressValue | null;
  /** The company's own number, from its sign-up. */
  phone: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  employeesCount: string;
  acceptsInterns: boolean;
  jobs: string[];
  jobChoices: string[];
  contactOptIn: boolean;
  /** A block posted without JavaScript (pages/my-company/company-post.ts): refused, or saved. */
  plain?: PlainBlocks | null;
}

const mutate = (query: string, variables: Record<string, unknown>) => gqlRequest(query, variables);

/** Shown under the address field rather than in a toast: it is about the address just chosen. */
async function saveAddress(address: AddressValue) {
  try {
    await mutate('mutation ($address: AddressInput!) { updateMyCompanyAddress(address: $address) { id } }', {
      address,
    });
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === 'wrong_department') {
      throw new GraphQLRequestError('BAD_USER_INPUT', error.message, { fields: { address: error.message } });
    }
    throw error;
  }
}

/** The company's profile (PRODUCT.md: identity read-only, then blocks each saved on its own). */
export function CompanyProfile(props: CompanyProfileProps) {
  const { identity, plain } = props;
  const description = useBlockForm(
    companyProfileBlocks.description,
    { description: props.description, website: props.website },
    async (input) => {
      await mutate(
        'mutation ($input: CompanyDescriptionInput!) { updateMyCompanyDescription(input: $input) { id } }',
        { input },
      );
      // "www.exemple.fr" was saved as https://www.exemple.fr: the field says so.
      description.set({ website: input.website ?? '' });
    },
    postedTo(plain, 'presentation'),
  );
  const address = useBlockForm(
    companyProfileBlocks.address,
    { address: props.address },
    (input) => saveAddress(input.address),
    postedTo(plain, 'adresse'),
  );
  const contact = useBlockForm(
    companyProfileBlocks.contact,
    {
      phone: props.phone,
      contactName: props.contactName,
      contactEmail: props.contactEmail,
      contactPhone: props.contactPhone,
    },
    (input) =>
      mutate('mutation ($input: CompanyContactInput!) { updateMyCompanyContact(input: $input) { id } }', {
        input,
      }),
    postedTo(plain, 'contact'),
  );
  const size = useBlockForm(
    companyProfileBlocks.size,
    { employeesCount: props.employeesCount, acceptsInterns: props.acceptsInterns },
    (input) =>
      mutate('mutation ($input: CompanySizeInput!) { updateMyCompanySize(input: $input) { id } }', {
        input: { employeesCount: input.employeesCount ?? null, acceptsInterns: input.acceptsInterns },
      }),
    postedTo(plain, 'taille'),
  );
  const jobs = useBlockForm(
    companyProfileBlocks.jobs,
    { jobs: props.jobs },
    (input) => mutate('mutation ($jobs: [String!]!) { updateMyCompanyJobs(jobs: $jobs) { id } }', input),
    postedTo(plain, 'metiers'),
  );
  const optIn = useBlockForm(
    companyProfileBlocks.contactOptIn,
    { contactOptIn: props.contactOptIn },
    (input) =>
      mutate(
        'mutation ($contactOptIn: Boolean!) { updateMyCompanyContactOptIn(contactOptIn: $contactOptIn) { id } }',
        input,
      ),
    postedTo(plain, 'etre-contacte'),
  );

  return (
    <div className="flex flex-col gap-6">
      <Toaster />
      <section aria-labelledby="identite" className="flex flex-col gap-5 rounded-xl bg-white p-6">
        <h2 id="identite">Identité</h2>
        <p className="text-sm text-grey-text">
          Ces informations viennent de votre inscription et ne se modifient pas ici.
        </p>
        <dl className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ['Raison sociale', identity.name],
              ['SIRET', identity.siret],
              ['Code NAF', identity.nafCode],
              ['Secteur', SECTOR_LABELS[identity.sector]],
              ['Statut', COMPANY_STATUS_LABELS[identity.status]],
            ] as const
          ).map(([term, value]) => (
            <div key={term}>
              <dt className="font-semibold text-dark">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Block
        title="Présentation"
        id="presentation"
        onSubmit={description.submit}
        pending={description.pending}
        plain={plain}
      >
        <TextArea
          label="Description de l’entreprise"
          name="description"
          hint={`Vos activités, vos métiers, ce que les élèves découvriront chez vous. ${TEXT_MESSAGES.tooLong(TEXT_MAX.companyDescription)}.`}
          value={description.values.description}
          error={description.errors.description}
          onChange={(value) => description.set({ description: value })}
        />
        <TextField
          label="Site internet"
          type="text"
          inputMode="url"
          autoComplete="url"
          hint="Par exemple www.exemple.fr"
          {...description.text('website')}
        />
      </Block>

      <Block title="Adresse" id="adresse" onSubmit={address.submit} pending={address.pending} plain={plain}>
        <AddressField
          label="Adresse de l’entreprise"
          name="companyAddress"
          required
          value={address.values.address}
          error={address.errors.address}
          typed={postedTo(plain, 'adresse')?.addresses.companyAddress}
          onChange={(value) => address.set({ address: value })}
        />
      </Block>

      <Block title="Contact" id="contact" onSubmit={contact.submit} pending={contact.pending} plain={plain}>
        <TextField
          label="Téléphone de l’entreprise"
          type="tel"
          autoComplete="tel"
          required
          hint="Le standard, donné à l’inscription. Format 0XXXXXXXXX"
          {...contact.text('phone')}
        />
        <p className="text-sm text-grey-text">La personne que les enseignants peuvent joindre.</p>
        <TextField label="Nom du contact" autoComplete="name" required {...contact.text('contactName')} />
        <TextField
          label="Adresse e-mail du contact"
          type="email"
          autoComplete="email"
          required
          {...contact.text('contactEmail')}
        />
        <TextField
          label="Téléphone du contact"
          type="tel"
          autoComplete="tel"
          required
          hint="Format 0XXXXXXXXX"
          {...contact.text('contactPhone')}
        />
      </Block>

      <Block
        title="Taille et stagiaires"
        id="taille"
        onSubmit={size.submit}
        pending={size.pending}
        plain={plain}
      >
        <NumberField label="Nombre de salariés" min={1} max={1_000_000} {...size.text('employeesCount')} />
        <CheckboxField
          name="acceptsInterns"
          checked={size.values.acceptsInterns}
          label="Nous accueillons des stagiaires"
          onChange={(acceptsInterns) => size.set({ acceptsInterns })}
        />
      </Block>

      <Block title="Métiers" id="metiers" onSubmit={jobs.submit} pending={jobs.pending} plain={plain}>
        <Listbox
          label="Métiers présents dans l’entreprise"
          name="jobs"
          multiple
          value={jobs.values.jobs}
          error={jobs.errors.jobs}
          placeholder="Choisir des métiers"
          options={props.jobChoices.map((job) => ({ value: job, label: job }))}
          onChange={(value) => jobs.set({ jobs: value })}
        />
      </Block>

      <Block
        title="Être contacté"
        id="etre-contacte"
        onSubmit={optIn.submit}
        pending={optIn.pending}
        plain={plain}
      >
        <CheckboxField
          name="contactOptIn"
          checked={optIn.values.contactOptIn}
          label="Être contacté par e-mail quand je n’ai pas de créneau"
          onChange={(contactOptIn) => optIn.set({ contactOptIn })}
        />
      </Block>
    </div>
  );
}
