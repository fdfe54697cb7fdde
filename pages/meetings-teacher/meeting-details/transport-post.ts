import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../../common/routes.ts';
import { transportRequestSchema } from '../../../common/transport.ts';
import { postedAddress } from '../../../islands/address-post.ts';
import {
  TRANSPORT_ANCHOR,
  TRANSPORT_INTENT,
  type TransportHelpProps,
  transportErrorsOf,
} from '../../../islands/transport/TransportHelp.tsx';
import { parseInput } from '../../../server/kernel/validation.ts';
import { requestTransportHelp } from '../../../server/transport/index.ts';
import { formPostOf, refusalOf } from '../../layout/form-post.ts';

const DEPARTURE = 'departureAddress';

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
    // No place chosen nor settled: the departure is missing (its own message).
    const departureAddress = postedAddress(post.fields, DEPARTURE) ?? undefined;
    const input = parseInput(transportRequestSchema, { ...post.fields, departureAddress });
    await requestTransportHelp(viewer, { ...input, meetingId }, deps);
  });
  if (!refusal) {
    throw redirect(`${ROUTES.meetingDetailsTeacher}?id=${meetingId}&transport=envoyee#${TRANSPORT_ANCHOR}`);
  }
  const values = {
    groupSize: post.fields.groupSize ?? '',
    departure: postedAddress(post.fields, DEPARTURE),
    comment: post.fields.comment ?? '',
  };
  return {
    open: true,
    sent: false,
    posted: {
      values,
      errors: transportErrorsOf(refusal.errors),
      alert: refusal.alert,
      typedDeparture: refusal.addresses[DEPARTURE] ?? null,
    },
  };
}
