export { companyPage } from './company-page.ts';
export { companyEmbed, mountCompanyEmbed } from './embed.ts';
