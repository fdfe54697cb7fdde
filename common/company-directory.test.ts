import { describe, expect, it } from 'vitest';
import { communeKey, companyNameKey, sameCommune, sameCompanyName } from './company-directory.ts';

describe('the company directory comparison (docs/decisions/0053)', () => {
  it('reads a name without accents, case, punctuation, legal forms or leading articles', () => {
    expect(companyNameKey('Les Forges de Vénissieux (S.A.S.)')).toBe('forges de venissieux');
    expect(companyNameKey('FORGES DE VENISSIEUX')).toBe('forges de venissieux');
    expect(companyNameKey('Société Chaudronnerie & Fils SARL')).toBe('chaudronnerie et fils');
    expect(companyNameKey('L’Œuvre du Métal')).toBe('oeuvre du metal');
  });

  it('matches the same company however it is written, and tells another apart', () => {
    expect(sameCompanyName('Les Forges de Vénissieux SAS', 'FORGES DE VENISSIEUX')).toBe(true);
    expect(sameCompanyName('forges-de-venissieux', 'FORGES DE VENISSIEUX')).toBe(true);
    // The directory adds the long name in brackets; a company may type either.
    expect(sameCompanyName('La Poste', 'LA POSTE (DIRECTION GENERALE DE LA POSTE)')).toBe(true);
    expect(
      sameCompanyName('Direction générale de La Poste', 'LA POSTE (DIRECTION GENERALE DE LA POSTE)'),
    ).toBe(true);
    expect(sameCompanyName('Forges de Lyon', 'FORGES DE VENISSIEUX')).toBe(false);
    expect(sameCompanyName('SAS', 'FORGES DE VENISSIEUX')).toBe(false);
  });

  it('matches an address by postcode and commune, « Saint » or « St », arrondissements and CEDEX aside', () => {
    expect(communeKey('SAINT-PRIEST')).toBe(communeKey('St Priest'));
    expect(communeKey('LYON 3EME')).toBe('lyon');
    expect(communeKey('Lyon Cedex 03')).toBe('lyon');
    expect(
      sameCommune({ zipcode: '69200', city: 'Vénissieux' }, { zipcode: '69200', city: 'VENISSIEUX' }),
    ).toBe(true);
    expect(
      sameCommune({ zipcode: '69201', city: 'Vénissieux' }, { zipcode: '69200', city: 'VENISSIEUX' }),
    ).toBe(false);
    expect(
      sameCommune({ zipcode: '69800', city: 'Saint-Priest' }, { zipcode: '69800', city: 'SAINT PRIEST' }),
    ).toBe(true);
    expect(sameCommune({ zipcode: null, city: null }, { zipcode: '69200', city: 'VENISSIEUX' })).toBe(false);
  });
});
