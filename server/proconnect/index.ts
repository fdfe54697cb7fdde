export { isProConnectSession, proConnectLogoutUrl } from './logout.ts';
export { PREFILL_PARAM, type SignUpPrefill, signUpPrefillOf } from './prefill.ts';
export { mountProConnect } from './routes.ts';
