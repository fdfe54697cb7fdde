import { describe, expect, it, vi } from 'vitest';
import { memoryRateLimiter } from '../http/rate-limit.ts';
import { systemClock } from '../kernel/clock.ts';
import type { Deps } from '../kernel/context.ts';
import { type AddressSuggestion, type Geocoder, GeocoderUnavailable } from '../kernel/ports/geocoding.ts';
import { settleTypedAddress, TYPED_ADDRESS_CHOICES } from './typed-address.ts';

const place = (label: string, kind: AddressSuggestion['kind'] = 'municipality'): AddressSuggestion => ({
  label,
  zipcode: '69001',
  city: 'Lyon',
  departmentCode: '69',
  lat: 45.758,
  lng: 4.835,
  kind,
});

const LYON = place('Lyon');
const LYON_3 = place('Lyon 3e Arrondissement');
const CROIX_ROUSSE = place('Croix-Rousse 69004 Lyon', 'street');
const USINE = place('12 Rue de l’Usine 69200 Vénissieux', 'address');

function settle(text: string, found: AddressSuggestion[] | Error) {
  const search = vi.fn<Geocoder['search']>(async () => {
    if (found instanceof Error) throw found;
    return found;
  });
  const deps = {
    geocoder: { search },
    rateLimiter: memoryRateLimiter(),
    clock: systemClock,
  } as unknown as Deps;
  return { search, outcome: settleTypedAddress({ text, clientIp: '127.0.0.1' }, deps) };
}

describe('settleTypedAddress', () => {
  it('takes the place whose label is the text, accents, case and punctuation aside', async () => {
    expect(await settle('  lyon ', [LYON_3, LYON, CROIX_ROUSSE]).outcome).toEqual({ address: LYON });
    expect(await settle('12, rue de l’usine 69200 venissieux', [USINE, LYON]).outcome).toEqual({
      address: USINE,
    });
  });

  it('takes the only place whose label holds every word typed', async () => {
    expect(await settle('12 rue de l usine venissieux', [USINE, LYON]).outcome).toEqual({ address: USINE });
  });

  it('offers the places found when the text names several, or none of them surely', async () => {
    expect(await settle('Rhône', [LYON, LYON_3, CROIX_ROUSSE]).outcome).toEqual({
      choices: [LYON, LYON_3, CROIX_ROUSSE],
    });
    expect(await settle('lyon 4', [CROIX_ROUSSE]).outcome).toEqual({ choices: [CROIX_ROUSSE] });
    const many = Array.from({ length: 8 }, (_, n) => place(`${n + 1} Rue de Lyon 69001 Lyon`, 'address'));
    expect(await settle('rue de lyon', many).outcome).toEqual({
      choices: many.slice(0, TYPED_ADDRESS_CHOICES),
    });
  });

  it('answers no place for an unknown text, without asking the geocoder a text it refuses', async () => {
    expect(await settle('Toulouse', []).outcome).toEqual({ choices: [] });
    const short = settle('ly', [LYON]);
    expect(await short.outcome).toEqual({ choices: [] });
    expect(short.search).not.toHaveBeenCalled();
  });

  it('says an outage as the suggestions do', async () => {
    await expect(settle('Lyon', new GeocoderUnavailable('down')).outcome).rejects.toMatchObject({
      code: 'geocoding_unavailable',
    });
  });
});
