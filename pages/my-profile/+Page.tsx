import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import { LogoutButton } from '../../islands/accounts/LogoutButton.tsx';
import { DeleteAccount } from '../../islands/accounts/profile/DeleteAccount.tsx';
import { RecruiterProfile } from '../../islands/accounts/profile/RecruiterProfile.tsx';
import { TeacherProfile } from '../../islands/accounts/profile/TeacherProfile.tsx';
import { VisitDocuments } from '../../islands/companies/VisitDocuments.tsx';
import { Island } from '../../islands/Island.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import type { Data } from './+data.ts';

/** « Mes données » (docs/decisions/0098): a plain link, a download without JavaScript. */
function MyData() {
  return (
    <section
      aria-labelledby="mes-donnees"
      className="flex flex-col items-start gap-4 rounded-xl bg-white p-6"
    >
      <h2 id="mes-donnees">Mes données</h2>
      <p>
        Téléchargez tout ce que Passerelle Industrie garde à votre sujet (profil, rendez-vous, messages,
        connexions…) dans un fichier JSON. Ce que nous en faisons et vos droits sont expliqués dans la{' '}
        <a className="link" href={ROUTES.privacyPolicy}>
          politique de confidentialité
        </a>
        .
      </p>
      <Button href={ROUTES.myData} variant="outline" download>
        Télécharger mes données
      </Button>
    </section>
  );
}

export default function Page() {
  const { logout, teacher, documents, documentsPlain, deletion, recruiter } = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1>Mon profil</h1>
        <Island name="LogoutButton" component={LogoutButton} props={logout} />
      </div>
      {teacher && (
        <>
          <Island name="TeacherProfile" component={TeacherProfile} props={teacher} />
          <Island
            name="VisitDocuments"
            component={VisitDocuments}
            props={{ documents, shelf: 'teacher', pageUrl: ROUTES.myProfile, plain: documentsPlain }}
          />
          <MyData />
          <Island name="DeleteAccount" component={DeleteAccount} props={{ plain: deletion }} />
        </>
      )}
      {recruiter && (
        <>
          <Island name="RecruiterProfile" component={RecruiterProfile} props={recruiter} />
          <div className="flex flex-col items-start gap-4 rounded-xl bg-white p-6">
            <p>
              La présentation de votre entreprise, son image, son adresse, son contact, ses métiers, ses
              actualités et ses documents de visite se modifient sur la page « Mon entreprise ».
            </p>
            <Button href={ROUTES.myCompany}>Mon entreprise</Button>
          </div>
          <MyData />
        </>
      )}
    </div>
  );
}
