import { TextField } from '../../../islands/ui/TextField.tsx';

interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * Who creates an account: first name and last name side by side, e-mail, phone. The sign-ups (teacher,
 * company) and the request to join a company; each says what its e-mail is for and whether the phone is
 * asked.
 */
export function PersonFields({
  values,
  errors,
  emailLabel = 'Adresse e-mail',
  emailHint,
  phoneHint = 'Format 0XXXXXXXXX',
  phoneName = 'phone',
}: {
  values: PersonValues;
  errors: Partial<Record<keyof PersonValues, string | undefined>>;
  emailLabel?: string;
  emailHint?: string;
  phoneHint?: string;
  /** The phone's field name in the form post (the company sign-up has the company's phone too). */
  phoneName?: string;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Prénom"
          name="firstName"
          autoComplete="given-name"
          required
          defaultValue={values.firstName}
          error={errors.firstName}
        />
        <TextField
          label="Nom"
          name="lastName"
          autoComplete="family-name"
          required
          defaultValue={values.lastName}
          error={errors.lastName}
        />
      </div>
      <TextField
        label={emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        required
        hint={emailHint}
        defaultValue={values.email}
        error={errors.email}
      />
      <TextField
        label="Téléphone"
        type="tel"
        name={phoneName}
        autoComplete="tel"
        hint={phoneHint}
        defaultValue={values.phone}
        error={errors.phone}
      />
    </>
  );
}
