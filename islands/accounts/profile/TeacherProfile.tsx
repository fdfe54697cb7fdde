import {
  ESTABLISHMENT_TYPES,
  establishmentBlockFor,
  PROFILE_TYPE_LABELS,
  SCHOOL_LEVEL_LABELS,
  schoolLevelsLegend,
  teacherProfileBlocks,
} from '../../../common/accounts.ts';
import {
  type ProfileType,
  type SchoolLevel,
  SECTOR_LABELS,
  SECTORS,
  type Sector,
} from '../../../common/constants.ts';
import { AddressField } from '../../AddressField.tsx';
import type { AddressValue } from '../../address-post.ts';
import { gqlRequest } from '../../graphql.ts';
import { CheckboxField, ChoiceGroup } from '../../ui/ChoiceGroup.tsx';
import { Listbox } from '../../ui/Listbox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { Toaster } from '../../ui/Toast.tsx';
import { ContactFields, useContactBlock } from './ContactBlock.tsx';
import { PasswordBlock } from './PasswordBlock.tsx';
import { Block, TextArea } from './ProfileBlock.tsx';
import { type PlainBlocks, postedTo, useBlockForm } from './useBlockForm.ts';

export interface TeacherProfileProps {
  firstName: string;
  lastName: string;
  description: string;
  email: string;
  /** A new e-mail waiting for its confirmation link to be opened. */
  pendingEmail: string | null;
  phone: string;
  profileType: ProfileType;
  establishment: { name: string; type: string; address: AddressValue };
  schoolLevels: SchoolLevel[];
  sectors: Sector[];
  jobs: string[];
  jobChoices: string[];
  useEstablishmentAddress: boolean;
  referenceAddress: AddressValue | null;
  weeklyMail: boolean;
  /** A block posted without JavaScript (pages/my-profile/profile-post.ts): refused, or saved. */
  plain?: PlainBlocks | null;
}

const mutate = (query: string) => (variables: Record<string, unknown>) => gqlRequest(query, variables);

/** The teacher's profile (spec: public part, private part, establishment), each block saved on its own. */
export function TeacherProfile(props: TeacherProfileProps) {
  const { plain } = props;
  const publicPart = useBlockForm(
    teacherProfileBlocks.public,
    { firstName: props.firstName, lastName: props.lastName, description: props.description },
    (input) =>
      mutate('mutation ($input: PublicProfileInput!) { updateMyPublicProfile(input: $input) { id } }')({
        input,
      }),
    postedTo(plain, 'profil-public'),
  );
  const contact = useContactBlock(props, postedTo(plain, 'informations-privees'));
  const establishment = useBlockForm(
    establishmentBlockFor(props.profileType),
    {
      ...props.establishment,
      address: props.establishment.address as AddressValue | null,
      schoolLevels: props.schoolLevels,
    },
    (input) =>
      mutate('mutation ($input: TeacherEstablishmentInput!) { updateMyEstablishment(input: $input) { id } }')(
        { input },
      ),
    postedTo(plain, 'etablissement'),
  );
  const criteria = useBlockForm(
    teacherProfileBlocks.criteria,
    { sectors: props.sectors, jobs: props.jobs },
    (input) =>
      mutate('mutation ($input: CriteriaInput!) { updateMyCriteria(input: $input) { id } }')({ input }),
    postedTo(plain, 'criteres'),
  );
  const preferences = useBlockForm(
    teacherProfileBlocks.preferences,
    {
      useEstablishmentAddress: props.useEstablishmentAddress,
      referenceAddress: props.referenceAddress,
      weeklyMail: props.weeklyMail,
    },
    (input) =>
      mutate('mutation ($input: PreferencesInput!) { updateMyPreferences(input: $input) { id } }')({ input }),
    postedTo(plain, 'preferences'),
  );

  return (
    <div className="flex flex-col gap-6">
      <Toaster />
      <Block
        title="Profil public"
        id="profil-public"
        onSubmit={publicPart.submit}
        pending={publicPart.pending}
        plain={plain}
      >
        <p className="text-sm text-grey-text">
          Ce que voient les entreprises que vous rencontrez. Votre profil :{' '}
          {PROFILE_TYPE_LABELS[props.profileType].toLowerCase()}.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Prénom" required {...publicPart.text('firstName')} />
          <TextField label="Nom" required {...publicPart.text('lastName')} />
        </div>
        <TextArea
          label="Présentation"
          name="description"
          hint="Votre discipline, vos classes, ce que vous cherchez."
          value={publicPart.values.description ?? ''}
          error={publicPart.errors.description}
          onChange={(description) => publicPart.set({ description })}
        />
      </Block>

      <Block
        title="Informations privées"
        id="informations-privees"
        onSubmit={contact.form.submit}
        pending={contact.form.pending}
        plain={plain}
      >
        <ContactFields contact={contact} />
      </Block>

      <PasswordBlock plain={plain} />

      <Block
        title="Établissement"
        id="etablissement"
        onSubmit={establishment.submit}
        pending={establishment.pending}
        plain={plain}
      >
        <TextField label="Nom de l’établissement" required {...establishment.text('name')} />
        <Listbox
          label="Type d’établissement"
          name="type"
          required
          value={establishment.values.type}
          error={establishment.errors.type}
          options={ESTABLISHMENT_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={(type) => establishment.set({ type })}
        />
        <AddressField
          label="Adresse de l’établissement"
          name="establishmentAddress"
          required
          value={establishment.values.address}
          error={establishment.errors.address}
          typed={postedTo(plain, 'etablissement')?.addresses.establishmentAddress}
          onChange={(address) => establishment.set({ address })}
        />
        <ChoiceGroup<SchoolLevel>
          legend={schoolLevelsLegend(props.profileType)}
          name="schoolLevels"
          multiple
          required={props.profileType === 'teacher'}
          options={Object.entries(SCHOOL_LEVEL_LABELS).map(([value, label]) => ({
            value: value as SchoolLevel,
            label,
          }))}
          value={establishment.values.schoolLevels}
          error={establishment.errors.schoolLevels}
          onChange={(schoolLevels) => establishment.set({ schoolLevels })}
        />
      </Block>

      <Block
        title="Critères de suggestion"
        id="criteres"
        onSubmit={criteria.submit}
        pending={criteria.pending}
        plain={plain}
      >
        <p className="text-sm text-grey-text">
          Les entreprises suggérées sur votre espace suivent ces critères.
        </p>
        <ChoiceGroup<Sector>
          legend="Secteurs"
          name="sectors"
          multiple
          options={SECTORS.map((sector) => ({ value: sector, label: SECTOR_LABELS[sector] }))}
          value={criteria.values.sectors}
          error={criteria.errors.sectors}
          onChange={(sectors) => criteria.set({ sectors })}
        />
        <Listbox
          label="Métiers"
          name="jobs"
          multiple
          value={criteria.values.jobs}
          error={criteria.errors.jobs}
          placeholder="Choisir des métiers"
          options={props.jobChoices.map((job) => ({ value: job, label: job }))}
          onChange={(jobs) => criteria.set({ jobs })}
        />
      </Block>

      <Block
        title="Préférences"
        id="preferences"
        onSubmit={preferences.submit}
        pending={preferences.pending}
        plain={plain}
      >
        <CheckboxField
          name="useEstablishmentAddress"
          checked={preferences.values.useEstablishmentAddress}
          label="Chercher les entreprises autour de mon établissement"
          onChange={(useEstablishmentAddress) => preferences.set({ useEstablishmentAddress })}
        />
        {!preferences.values.useEstablishmentAddress && (
          <AddressField
            label="Adresse de référence"
            name="referenceAddress"
            required
            value={preferences.values.referenceAddress ?? null}
            error={preferences.errors.referenceAddress}
            typed={postedTo(plain, 'preferences')?.addresses.referenceAddress}
            onChange={(referenceAddress) => preferences.set({ referenceAddress })}
          />
        )}
        <CheckboxField
          name="weeklyMail"
          checked={preferences.values.weeklyMail}
          label="Recevoir chaque lundi les nouveaux créneaux proches de chez moi"
          onChange={(weeklyMail) => preferences.set({ weeklyMail })}
        />
      </Block>
    </div>
  );
}
