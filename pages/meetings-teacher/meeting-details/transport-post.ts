import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { z } from 'zod';
import { ROUTES } from '../../../common/routes.ts';
import { transportRequestSchema } from '../../../common/transport.ts';
import type { AddressValue } from '../../../islands/AddressField.tsx';
import {
  TRANSPORT_ANCHOR,
  TRANSPORT_INTENT,
  type TransportHelpProps,
  transportErrorsOf,
} from '../../../islands/transport/TransportHelp.tsx';
import { requestTransportHelp } from '../../../server/transport/index.ts';
import { formPostOf, refusalOf, validFormOf } from '../../layout/form-post.ts';

const DEPARTURE = 'departureAddress';

/** The departure's hidden inputs (`departureAddress[label]`…) as the object the schema reads. */
function withDeparture(form: unknown) {
  if (typeof form !== 'object' || form === null) return form;
  const fields = form as Record<string, unknown>;
  const departure = Object.fromEntries(
    ['label', 'zipcode', 'city', 'lat', 'lng'].map((key) => [key, fields[`${DEPARTURE}[${key}]`]]),
  );
  // No suggestion chosen: the hidden inputs are empty, the departure is missing (its own message).
  const chosen = departure.label && departure.lat && departure.lng;
  return {
    ...fields,
    [DEPARTURE]: chosen
      ? { ...departure, lat: Number(departure.lat), lng: Number(departure.lng) }
      : undefined,
  };
}

/** The request's form read by the validator with the API's own schema, the departure nested first. */
const plainTransportSchema = z.preprocess(withDeparture, transportRequestSchema);

function postedDeparture(fields: Record<string, string>): AddressValue | null {
  const form = withDeparture(fields) as { [DEPARTURE]?: AddressValue };
  return form[DEPARTURE] ?? null;
}

/**
 * « Demander une aide au transport » without JavaScript (issue 22): `?transport=demande` shows the form open,
 * its post is the same use case as `requestTransportHelp`, then the page says the request is sent
 * (`?transport=envoyee`, post/redirect/get); a refusal keeps what was typed. Kept out of the page's
 * `+data.ts`, which only passes it on.
 */
export async function plainTransport(pageContext: PageContextServer): Promise<TransportHelpProps['plain']> {
  const { viewer, deps } = pageContext;
  const { id, transport } = pageContext.urlParsed.search;
  const post = await formPostOf(pageContext);
  if (post?.intent !== TRANSPORT_INTENT) {
    return { open: transport === 'demande', sent: transport === 'envoyee', posted: null };
  }
  const meetingId = Number(id);
  const refusal = await refusalOf(post, async () => {
    const input = await validFormOf(pageContext, plainTransportSchema);
    await requestTransportHelp(viewer, { ...input, meetingId }, deps);
  });
  if (!refusal) {
    throw redirect(`${ROUTES.meetingDetailsTeacher}?id=${meetingId}&transport=envoyee#${TRANSPORT_ANCHOR}`);
  }
  const values = {
    groupSize: post.fields.groupSize ?? '',
    departure: postedDeparture(post.fields),
    comment: post.fields.comment ?? '',
  };
  return {
    open: true,
    sent: false,
    posted: { values, errors: transportErrorsOf(refusal.errors), alert: refusal.alert },
  };
}
