/**
 * ProConnect, the OpenID Connect provider professionals log in with (docs/decisions/0095): the authorization
 * code flow with PKCE, state and nonce, from the issuer's discovery document; its ID token and its signed
 * (JWT) userinfo checked by the OpenID client, never by hand; and the end of its session at logout. The
 * adapter speaks OpenID Connect through `openid-client`; tests run it against a real provider on loopback.
 */

/** What the callback checks, kept by the platform between the start and the callback (sealed). */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person as ProConnect describes them: its userinfo's claims, as sent. */
export interface ProConnectIdentity {
  sub: string;
  email: string;
  /** Absent from ProConnect's documented claims: the identity provider vouches for its own domain's addresses. */
  emailVerified: boolean | null;
  givenName: string;
  usualName: string;
  /** 14 digits; null when the provider sent none. */
  siret: string | null;
}

export interface IdentityProvider {
  /** Where to send the browser to log in, and what its callback will be checked against. */
  start(input: { redirectUri: string }): Promise<{ url: URL; checks: AuthorizationChecks }>;
  /**
   * The callback's answer: the code exchanged (with the verifier), the ID token checked (signature, issuer,
   * audience, expiry, nonce), the signed userinfo read. Throws `IdentityRefused` for an answer that does not
   * hold, `IdentityProviderUnavailable` when the provider could not be reached.
   */
  finish(input: {
    callbackUrl: URL;
    redirectUri: string;
    checks: AuthorizationChecks;
  }): Promise<{ idToken: string; identity: ProConnectIdentity }>;
  /** Where the browser ends its ProConnect session, then comes back to `postLogoutRedirectUri`. */
  endSessionUrl(input: { idToken: string; postLogoutRedirectUri: string }): Promise<URL>;
}

/** Why a callback is refused: each has its own French message on the login page. */
export type IdentityRefusal =
  /** The state is not the one this browser was given (or its login started too long ago). */
  | 'state'
  /** The provider refused the code: already used, expired, or not issued for this login. */
  | 'code'
  /** The ID token does not hold: signature, issuer, audience, nonce, or expired. */
  | 'id_token'
  /** The userinfo is not a JWT the provider signed, or lacks what the platform needs. */
  | 'userinfo'
  /** The person stopped at the provider (refused consent, cancelled). */
  | 'denied';

export class IdentityRefused extends Error {
  readonly reason: IdentityRefusal;

  constructor(reason: IdentityRefusal, options?: { cause?: unknown }) {
    super(`ProConnect answer refused: ${reason}`, options);
    this.name = 'IdentityRefused';
    this.reason = reason;
  }
}

export class IdentityProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityProviderUnavailable';
  }
}
