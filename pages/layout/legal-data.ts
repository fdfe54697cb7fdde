import type { PageContextServer } from 'vike/types';

/** What the legal pages read of the configuration: the team's address and the platform's. */
export function legalData(pageContext: PageContextServer) {
  const { CONTACT_EMAIL, PUBLIC_URL } = pageContext.deps.config;
  return { contactEmail: CONTACT_EMAIL, publicUrl: PUBLIC_URL };
}

export type LegalData = ReturnType<typeof legalData>;
