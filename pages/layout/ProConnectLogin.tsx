import { PROCONNECT_ABOUT_URL } from '../../common/proconnect.ts';
import type { ProConnectOffer } from './proconnect-offer.ts';

/**
 * ProConnect's button, drawn after its guidelines (a dark blue block, « S’identifier avec ProConnect », its
 * « Qu’est-ce que ProConnect ? » link beneath) with a mark of our own: a plain link, no script, offered next to
 * the password, never instead of it (PRODUCT.md, Who logs in where). Nothing when ProConnect is not set up.
 */
export function ProConnectLogin({ offer }: { offer: ProConnectOffer | null }) {
  if (!offer) return null;
  return (
    <div className="flex flex-col gap-4">
      {offer.refusal && (
        <p role="alert" className="rounded-lg border-2 border-error-text bg-error-light p-4 font-medium">
          {offer.refusal}
        </p>
      )}
      <div className="flex flex-col items-start gap-2">
        <a
          href={offer.href}
          className="inline-flex min-h-14 items-center gap-3 rounded-sm bg-[#000091] py-2 pr-5 pl-3 text-white no-underline hover:bg-[#1212ff] active:bg-[#2323ff]"
        >
          <ProConnectMark />
          <span className="flex flex-col leading-tight">
            <span>S’identifier avec</span>
            <span className="font-bold text-lg">ProConnect</span>
          </span>
        </a>
        <a
          className="link text-sm"
          href={PROCONNECT_ABOUT_URL}
          target="_blank"
          rel="noopener noreferrer"
          title="Qu’est-ce que ProConnect ? – nouvelle fenêtre"
        >
          Qu’est-ce que ProConnect ?
        </a>
      </div>
      <p className="flex items-center gap-3 text-grey-dark" aria-hidden="true">
        <span className="h-px flex-1 bg-grey-text" />
        ou
        <span className="h-px flex-1 bg-grey-text" />
      </p>
    </div>
  );
}

/** A hexagon in the State's blue, white and red: the idea of ProConnect's mark, drawn here. */
function ProConnectMark() {
  return (
    <svg width="32" height="36" viewBox="0 0 32 36" aria-hidden="true" focusable="false">
      <path d="M16 1 31 9.5v17L16 35 1 26.5v-17Z" fill="#fff" />
      <path d="M16 6 26.5 12v12L16 30 5.5 24V12Z" fill="#000091" />
      <path d="M16 6 26.5 12 16 18Z" fill="#e1000f" />
      <path d="M5.5 12 16 18v12L5.5 24Z" fill="#6a6af4" />
    </svg>
  );
}
