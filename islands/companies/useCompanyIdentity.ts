import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { COMPANY_MESSAGES, postcodeAddressSchema } from '../../common/companies.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { MESSAGES } from '../../common/messages.ts';
import { siretSchema } from '../../common/siret.ts';
import type { AddressValue } from '../AddressField.tsx';
import { retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import type { CompanySignUpValues, Lookup } from './company-sign-up.ts';

const COMPANY_IDENTITY = /* GraphQL */ `
  query CompanyIdentity($siret: String!) {
    companyIdentity(siret: $siret) { name nafCode address { label zipcode city lat lng } alreadyRegistered }
  }
`;
const COMMUNES_OF_POSTCODE = /* GraphQL */ `
  query CommunesOfPostcode($postcode: String!) {
    communesOfPostcode(postcode: $postcode) { zipcode city lat lng }
  }
`;

interface Prefill {
  name: string | null;
  nafCode: string | null;
  address: { label: string; zipcode: string; city: string; lat: number | null; lng: number | null } | null;
  alreadyRegistered: boolean;
}
interface Commune {
  zipcode: string;
  city: string;
  lat: number;
  lng: number;
}

type AddressMode = 'suggestions' | 'postcode';

/**
 * The identity step's look-ups: a valid SIRET prefills the company from the register (or says it already
 * has an account), and a company that cannot find its address among the suggestions gives its postcode
 * and chooses its commune, where it is placed; both need JavaScript (`hydrated`): without it, the step's
 * post looks the SIRET up and settles the address typed. `lookup` starts where that post left it.
 */
export function useCompanyIdentity(
  setValues: Dispatch<SetStateAction<CompanySignUpValues>>,
  setErrors: Dispatch<SetStateAction<Record<string, string>>>,
  initialLookup: Lookup,
) {
  const [lookup, setLookup] = useState<Lookup>(initialLookup);
  const [hydrated, setHydrated] = useState(false);
  const [addressMode, setAddressMode] = useState<AddressMode>('suggestions');
  const [postcode, setPostcode] = useState({ zipcode: '', city: '' });
  const [communes, setCommunes] = useState<Commune[]>([]);
  const lookupAbort = useRef<AbortController | null>(null);
  const communesAbort = useRef<AbortController | null>(null);

  useEffect(() => {
    setHydrated(true);
    return () => {
      lookupAbort.current?.abort();
      communesAbort.current?.abort();
    };
  }, []);

  const update = (patch: Partial<CompanySignUpValues>) => setValues((current) => ({ ...current, ...patch }));

  function chooseCommune(zipcode: string, commune: Commune | undefined) {
    setPostcode({ zipcode, city: commune?.city ?? '' });
    update({
      address: commune
        ? {
            label: `${zipcode} ${commune.city}`,
            zipcode,
            city: commune.city,
            lat: commune.lat,
            lng: commune.lng,
          }
        : null,
    });
  }

  async function findCommunes(zipcode: string) {
    communesAbort.current?.abort();
    setCommunes([]);
    chooseCommune(zipcode, undefined);
    if (!postcodeAddressSchema.shape.zipcode.safeParse(zipcode).success) return;
    const controller = new AbortController();
    communesAbort.current = controller;
    try {
      const data = await gqlRequest<{ communesOfPostcode: Commune[] }>(
        COMMUNES_OF_POSTCODE,
        { postcode: zipcode },
        'CommunesOfPostcode',
        { signal: controller.signal },
      );
      const found = data.communesOfPostcode;
      setCommunes(found);
      if (found.length === 1) chooseCommune(zipcode, found[0]);
      setErrors((current) => ({
        ...current,
        'postcode.zipcode': found.length === 0 ? COMPANY_MESSAGES.unknownPostcode : '',
      }));
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError;
      setErrors((current) => ({ ...current, 'postcode.zipcode': message }));
    }
  }

  function switchAddressMode(mode: AddressMode) {
    setAddressMode(mode);
    setErrors({});
    setCommunes([]);
    setPostcode({ zipcode: '', city: '' });
    update({ address: null });
  }

  function applyPrefill(prefill: Prefill) {
    const { address } = prefill;
    setValues((current) => ({
      ...current,
      name: prefill.name ?? current.name,
      nafCode: prefill.nafCode ?? current.nafCode,
      address:
        address?.lat != null && address.lng != null
          ? { ...address, lat: address.lat, lng: address.lng }
          : current.address,
    }));
    if (address && (address.lat == null || address.lng == null)) {
      setAddressMode('postcode');
      void findCommunes(address.zipcode);
    } else if (address) {
      setAddressMode('suggestions');
    }
  }

  async function lookUpSiret(siret: string) {
    lookupAbort.current?.abort();
    const parsed = siretSchema.safeParse(siret);
    if (!parsed.success) return setLookup('idle');
    const controller = new AbortController();
    lookupAbort.current = controller;
    setLookup('loading');
    try {
      const { companyIdentity } = await gqlRequest<{ companyIdentity: Prefill | null }>(
        COMPANY_IDENTITY,
        { siret: parsed.data },
        'CompanyIdentity',
        { signal: controller.signal },
      );
      if (companyIdentity?.alreadyRegistered) {
        setLookup('registered');
        return setErrors((current) => ({ ...current, siret: ERROR_MESSAGES.company_already_exists }));
      }
      setErrors((current) => ({ ...current, siret: '' }));
      if (!companyIdentity?.name) return setLookup('notFound');
      applyPrefill(companyIdentity);
      setLookup('found');
    } catch {
      // Prefilling is a convenience: without it, the company types its identity in.
      if (!controller.signal.aborted) setLookup('idle');
    }
  }

  /** The SIRET as typed: kept, its error cleared, and looked up once it is valid. */
  function typeSiret(siret: string) {
    update({ siret });
    setErrors((current) => ({ ...current, siret: '' }));
    void lookUpSiret(siret);
  }

  /** Adds to the identity step's errors what the shared rules cannot know: the register, the commune. */
  function addIdentityErrors(found: Record<string, string>, address: AddressValue | null) {
    if (lookup === 'registered') found.siret = ERROR_MESSAGES.company_already_exists;
    if (addressMode === 'postcode') {
      delete found.address;
      const typed = postcodeAddressSchema.safeParse(postcode);
      if (!typed.success) {
        for (const [field, message] of Object.entries(fieldErrors(typed.error))) {
          found[`postcode.${field}`] = message;
        }
      } else if (!address) {
        found['postcode.city'] = COMPANY_MESSAGES.chooseCommune;
      }
    }
  }

  /** The server says the company already has an account. */
  const markRegistered = () => setLookup('registered');

  return {
    lookup,
    hydrated,
    addressMode,
    postcode,
    communes,
    typeSiret,
    findCommunes,
    chooseCommune,
    switchAddressMode,
    addIdentityErrors,
    markRegistered,
  };
}

export type CompanyIdentityLookups = ReturnType<typeof useCompanyIdentity>;
