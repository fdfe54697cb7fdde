export { deletionInput, requestAccountDeletion } from './deletion.ts';
export { type ForgetCause, forgetPerson } from './forget.ts';
export { mountMyData, myData } from './my-data.ts';
export { type KeepAccountState, keepAccount, keepAccountState, runRetention } from './retention.ts';
