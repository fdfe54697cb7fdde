import * as oidc from 'openid-client';
import {
  type AuthorizationChecks,
  type IdentityProvider,
  IdentityProviderUnavailable,
  IdentityRefused,
  type ProConnectIdentity,
} from '../../kernel/ports/identity-provider.ts';

/** What the platform asks ProConnect for (API.md, Identities): who the person is, and where they work. */
export const PROCONNECT_SCOPES = 'openid email given_name usual_name siret';

export interface ProConnectOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The algorithm of its ID tokens and of its userinfo JWTs, chosen when this client was registered. */
  signingAlg: 'ES256' | 'RS256';
  /** Seconds an answer of the provider may take (discovery, token, userinfo). */
  timeoutSeconds?: number;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * ProConnect through `openid-client` (on oauth4webapi: Web Crypto and fetch, so Node and Workers alike). The
 * discovery document is read on the first login and kept with this adapter (once per process on Node, per
 * request on Workers, as the other outside services); a failed read is tried again next time. The provider's
 * clock and the checks' are the real one: the tokens' times are the provider's to set.
 */
export function createProConnect(options: ProConnectOptions): IdentityProvider {
  let configuration: Promise<oidc.Configuration> | undefined;
  const configured = () => {
    configuration ??= discover(options).catch((error: unknown) => {
      configuration = undefined;
      throw new IdentityProviderUnavailable('ProConnect discovery failed', { cause: error });
    });
    return configuration;
  };

  return {
    async start({ redirectUri }) {
      const config = await configured();
      const checks: AuthorizationChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: PROCONNECT_SCOPES,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },

    async finish({ callbackUrl, redirectUri, checks }) {
      // Checked here first so that a wrong state reads as such, whatever else the answer holds.
      if (callbackUrl.searchParams.get('state') !== checks.state) throw new IdentityRefused('state');
      const config = await configured();
      const currentUrl = new URL(redirectUri);
      currentUrl.search = callbackUrl.search;
      const tokens = await oidc
        .authorizationCodeGrant(config, currentUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        })
        .catch((error: unknown) => {
          throw refusalOfGrant(error);
        });
      const idToken = tokens.id_token;
      const sub = tokens.claims()?.sub;
      if (!idToken || !sub) throw new IdentityRefused('id_token');
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, sub).catch((error: unknown) => {
        if (isUnreachable(error))
          throw new IdentityProviderUnavailable('ProConnect userinfo', { cause: error });
        throw new IdentityRefused('userinfo', { cause: error });
      });
      return { idToken, identity: identityOf(userinfo) };
    },

    async endSessionUrl({ idToken, postLogoutRedirectUri }) {
      return oidc.buildEndSessionUrl(await configured(), {
        id_token_hint: idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
        // ProConnect requires one; its return changes nothing here, so nothing is kept to compare it with.
        state: oidc.randomState(),
      });
    },
  };
}

function discover(options: ProConnectOptions): Promise<oidc.Configuration> {
  const issuer = new URL(options.issuer);
  // Plain HTTP only on this machine's loopback: a provider started by the tests.
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  return oidc.discovery(
    issuer,
    options.clientId,
    {
      client_secret: options.clientSecret,
      id_token_signed_response_alg: options.signingAlg,
      // A userinfo that is not a JWT signed so is refused (ProConnect signs it).
      userinfo_signed_response_alg: options.signingAlg,
    },
    oidc.ClientSecretPost(options.clientSecret),
    { timeout: options.timeoutSeconds ?? 10, ...(insecure && { execute: [oidc.allowInsecureRequests] }) },
  );
}

/** The token exchange's failure: the provider's refusal of the code, a token that does not hold, or silence. */
function refusalOfGrant(error: unknown): Error {
  if (error instanceof oidc.AuthorizationResponseError)
    return new IdentityRefused('denied', { cause: error });
  if (error instanceof oidc.ResponseBodyError) return new IdentityRefused('code', { cause: error });
  if (isUnreachable(error))
    return new IdentityProviderUnavailable('ProConnect token endpoint', { cause: error });
  return new IdentityRefused('id_token', { cause: error });
}

/** fetch's own failure (no answer, timeout), as opposed to an answer that was checked and refused. */
function isUnreachable(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The userinfo's claims the platform reads; an e-mail is required, a SIRET is 14 digits once spaces are gone. */
function identityOf(claims: oidc.UserInfoResponse): ProConnectIdentity {
  const email = text(claims.email).toLowerCase();
  if (!email) throw new IdentityRefused('userinfo');
  const siret = text(claims.siret).replace(/\s/g, '');
  return {
    sub: claims.sub,
    email,
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
    givenName: text(claims.given_name),
    usualName: text(claims.usual_name),
    siret: /^\d{14}$/.test(siret) ? siret : null,
  };
}
