/**
 * Who a SIRET belongs to, so company sign-up can prefill name, NAF code and address. A lookup that cannot
 * answer throws `CompanyLookupUnavailable`; one that answers "unknown" returns null and the company types
 * its identity in.
 */
export interface CompanyAddress {
  label: string;
  zipcode: string;
  city: string;
  lat?: number;
  lng?: number;
}

export interface CompanyIdentity {
  siret: string;
  name: string;
  /** NAF rev. 2 with its dot, "25.62B"; null when the register has none. */
  nafCode: string | null;
  address?: CompanyAddress;
}

export interface CompanyLookup {
  find(siret: string): Promise<CompanyIdentity | null>;
  /**
   * The register's own answer, for the operators' check of a new company (issue 21): null when it does not
   * know the number, `CompanyLookupUnavailable` when it cannot answer (never the local stand-in). Absent
   * where no register is asked (the local lookup).
   */
  verify?(siret: string): Promise<CompanyIdentity | null>;
}

export class CompanyLookupUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CompanyLookupUnavailable';
  }
}
