import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS, rateLimited, type WindowCount } from '../kernel/rate-limits.ts';
import { alertOwnerOfGuessing } from './login-alert.ts';

const { loginAccount, loginAddressAccounts, loginAddressFailures } = RATE_LIMITS;

/** An account's failures, from every address (e-mails come lower-cased from `loginSchema`). */
const accountKey = (email: string) => `login:account:${email}`;

/** The windows one login attempt reads and writes. */
function loginKeys(email: string, clientIp: string) {
  return {
    account: accountKey(email),
    accountFromAddress: `login:account-address:${email}:${clientIp}`,
    addressFailures: `login:address-failures:${clientIp}`,
    addressAccounts: `login:address-accounts:${clientIp}`,
  };
}

/**
 * The limits of the three logins (PRODUCT.md, Limits; docs/decisions/0050) around `check`, which proves
 * the password: it returns on success and throws `wrong_credentials` on a failure; anything else it throws
 * (the recruitment site unreachable) is neither and counts nothing.
 *
 * Only failures count. The attempt is counted as one before `check` runs, so that attempts sent all at
 * once are bounded too, then taken back unless it failed. Refused with `rate_limited` and `retryAfter`,
 * counting nothing: an address that failed for an account that has 10 failures in its window, from
 * anywhere (the owner, from an address that has not failed, still gets in); an address with 40 accounts
 * failed from it, for a 41st; an address with 100 failures. A success forgets the account's failures and
 * takes them back from the address's counts, so a typo followed by the right password costs nothing; a
 * new password set through the e-mailed link forgets them too (`forgetLoginFailures`). A failure that brings
 * the account to 10 in its window, or comes after, tells its owner, once per window (`alertOwnerOfGuessing`).
 */
export async function withLoginLimits<T>(
  deps: Pick<Deps, 'rateLimiter' | 'clock' | 'db' | 'config' | 'log'>,
  who: { email: string; clientIp: string },
  check: () => Promise<T>,
): Promise<T> {
  const limiter = deps.rateLimiter;
  const now = deps.clock.now();
  const keys = loginKeys(who.email, who.clientIp);
  const pending = [keys.account, keys.accountFromAddress, keys.addressFailures];
  const [[account, fromAddress, addressFailures], [addressAccounts]] = await Promise.all([
    limiter.add(pending, loginAccount, now, 1),
    limiter.peek([keys.addressAccounts], now),
  ]);
  if (!account || !fromAddress || !addressFailures || !addressAccounts) throw new Error('no window counted');
  // This attempt is in each count: the address had failed for this account when it found one before.
  const failedHereBefore = fromAddress.count > 1;
  const over: WindowCount[] = [];
  if (failedHereBefore && account.count - 1 >= loginAccount.limit) over.push(account);
  if (addressFailures.count - 1 >= loginAddressFailures.limit) over.push(addressFailures);
  if (!failedHereBefore && addressAccounts.count >= loginAddressAccounts.limit) over.push(addressAccounts);
  if (over.length > 0) {
    await limiter.add(pending, loginAccount, now, -1);
    throw rateLimited(Math.max(...over.map((window) => window.resetAt - now.getTime())));
  }

  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'wrong_credentials') {
      // A failure: it stays counted; the account is one more failed from this address if it is its first.
      if (!failedHereBefore) await limiter.add([keys.addressAccounts], loginAddressAccounts, now, 1);
      if (account.count >= loginAccount.limit) await alertOwnerOfGuessing(deps, who.email, account);
    } else {
      await limiter.add(pending, loginAccount, now, -1);
    }
    throw error;
  }
  // The password is proven: the account's failures go, from its count and from this address's.
  await Promise.all([
    limiter.clear([keys.account, keys.accountFromAddress]),
    limiter.add([keys.addressFailures], loginAddressFailures, now, -fromAddress.count),
    failedHereBefore ? limiter.add([keys.addressAccounts], loginAddressAccounts, now, -1) : null,
  ]);
  return result;
}

/**
 * A new password set through the e-mailed link proves the account is its owner's: its failures go, so the
 * addresses that failed for it, the owner's own among them, may try again at once.
 */
export async function forgetLoginFailures(deps: Pick<Deps, 'rateLimiter'>, email: string): Promise<void> {
  await deps.rateLimiter.clear([accountKey(email)]);
}
