import { enhanceLightForms } from '../../islands/light-forms.ts';
import { clearSession } from '../../islands/session-store.ts';

// Nobody is logged in on a login page (its guard sends them on): a recruiter's tokens still kept in this
// browser are an ended session's, and must not travel with the calls of whoever logs in now.
clearSession();
enhanceLightForms();
