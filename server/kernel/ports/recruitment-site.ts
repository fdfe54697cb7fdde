/**
 * The recruitment site whose credentials companies log in with (PRODUCT.md, Recruitment-site connector).
 * Refusals are `AppError`s the user can read; a site that cannot be reached throws
 * `RecruitmentSiteUnavailable`, which callers turn into "offers unavailable" or `other_error`.
 */
export interface TokenResponse {
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  refreshToken: string;
}

export interface JobOffer {
  id: string;
  title: string;
  contractType: string | null;
  location: string | null;
  url: string | null;
  publishedAt: Date | null;
}

export interface NewRecruiter {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companySiret: string;
}

export interface RecruitmentSite {
  /** `AppError('wrong_credentials')` when the site refuses them. */
  login(email: string, password: string): Promise<TokenResponse>;
  /** `AppError('UNAUTHENTICATED')` when the refresh token is unknown, expired or used twice. */
  refresh(refreshToken: string): Promise<TokenResponse>;
  /** `AppError('cannot_create_ir_recruiter')` when the e-mail already has an account on the site. */
  createRecruiter(input: NewRecruiter): Promise<void>;
  /** Ends a refresh token (RFC 7009): the recruiter logged out. An unknown token is no error. */
  revoke(refreshToken: string): Promise<void>;
  /**
   * Ends every refresh token of the account, where the site allows it (the built-in site does; an outside
   * site has no standard call for it, and the platform then refuses its refreshes itself).
   */
  revokeAll(email: string): Promise<void>;
  /** Null when the token is not (or no longer) valid. */
  verifyAccessToken(accessToken: string): Promise<{ email: string } | null>;
  jobOffers(input: { companySiret: string; accessToken?: string }): Promise<JobOffer[]>;
}

export class RecruitmentSiteUnavailable extends Error {
  /** The HTTP status the site answered, when it answered. */
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'RecruitmentSiteUnavailable';
    this.status = options.status;
  }
}
