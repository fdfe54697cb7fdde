import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPANY_PROFILE_MESSAGES } from '../../common/companies.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { toast } from '../ui/toast-store.ts';
import { CompanyProfile, type CompanyProfileProps } from './CompanyProfile.tsx';

const server = fakeGraphQL();
afterEach(() => act(() => toast.clear()));

const PROPS: CompanyProfileProps = {
  identity: {
    name: 'Forges du Gier',
    siret: '51234567900017',
    nafCode: '25.50A',
    sector: 'metallurgy',
    status: 'validated',
  },
  description: 'Forge depuis 1920.',
  website: '',
  address: null,
  contactName: 'Claire Henry',
  contactEmail: 'claire@forges.fr',
  phone: '0478000001',
  contactPhone: '0478000000',
  employeesCount: '',
  acceptsInterns: true,
  jobs: [],
  jobChoices: [],
  contactOptIn: false,
};

function presentation() {
  const block = within(screen.getByRole('region', { name: 'Présentation' }));
  return {
    website: block.getByRole('textbox', { name: /Site internet/ }) as HTMLInputElement,
    save: () => userEvent.setup().click(block.getByRole('button', { name: 'Enregistrer' })),
    block,
  };
}

describe('CompanyProfile', () => {
  it('completes a website typed without https:// and shows what was saved', async () => {
    server.answers = [{ data: { updateMyCompanyDescription: { id: '1' } } }];
    render(<CompanyProfile {...PROPS} />);
    const { website, save } = presentation();
    await userEvent.setup().type(website, 'www.forges-du-gier.fr');
    await save();
    await screen.findByText('Modifications enregistrées');
    expect(server.requests[0]?.variables).toEqual({
      input: { description: 'Forge depuis 1920.', website: 'https://www.forges-du-gier.fr' },
    });
    expect(website.value).toBe('https://www.forges-du-gier.fr');
  });

  it('still refuses what is no web address, in French, and sends nothing', async () => {
    render(<CompanyProfile {...PROPS} />);
    const { website, save, block } = presentation();
    await userEvent.setup().type(website, 'forges du gier');
    await save();
    expect(block.getByText(COMPANY_PROFILE_MESSAGES.invalidWebsite)).toBeTruthy();
    expect(website.getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toEqual([]);
  });
});
