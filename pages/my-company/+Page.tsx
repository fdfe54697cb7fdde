import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import { LogoutButton } from '../../islands/accounts/LogoutButton.tsx';
import { CompanyNews } from '../../islands/companies/CompanyNews.tsx';
import { CompanyPicture } from '../../islands/companies/CompanyPicture.tsx';
import { CompanyProfile } from '../../islands/companies/CompanyProfile.tsx';
import { VisitDocuments } from '../../islands/companies/VisitDocuments.tsx';
import { FeedbackResults } from '../../islands/feedback/FeedbackParts.tsx';
import { Island } from '../../islands/Island.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import type { Data } from './+data.ts';
import { EmbedSnippet } from './EmbedSnippet.tsx';

export default function Page() {
  const { logout, company, companyId, picture, news, visitDocuments, documentsPlain, feedback, embed } =
    useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1>Mon entreprise</h1>
        <Island name="LogoutButton" component={LogoutButton} props={logout} />
      </div>
      {company && picture && companyId !== null ? (
        <>
          <div className="flex flex-wrap gap-3">
            <Button
              href={`${ROUTES.companyDetails}?id=${companyId}`}
              size="m"
              variant="outline"
              color="plainPurple"
            >
              Voir la page de mon entreprise
            </Button>
            <Button href={ROUTES.myTeam} size="m" variant="outline" color="plainPurple">
              Mon équipe
            </Button>
          </div>
          <Island name="CompanyPicture" component={CompanyPicture} props={picture} />
          <Island name="CompanyProfile" component={CompanyProfile} props={company} />
          <Island name="CompanyNews" component={CompanyNews} props={news} />
          <Island
            name="VisitDocuments"
            component={VisitDocuments}
            props={{ documents: visitDocuments, pageUrl: ROUTES.myCompany, plain: documentsPlain }}
          />
          <EmbedSnippet snippets={embed} />
          {feedback && <FeedbackResults results={feedback} />}
        </>
      ) : (
        <div className="rounded-lg border border-grey bg-white p-6">
          <p>Aucune entreprise n’est rattachée à votre compte.</p>
        </div>
      )}
    </div>
  );
}
