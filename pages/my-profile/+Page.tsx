import { LogoutButton } from '../../islands/accounts/LogoutButton.tsx';
import { Island } from '../../islands/Island.tsx';

export default function Page() {
  return (
    <div className="page flex flex-col gap-4">
      <h1>Mon profil</h1>
      <div className="max-w-2xl rounded-lg border border-grey bg-white p-6">
        <p>Vos informations personnelles, votre établissement et vos préférences.</p>
        <p className="mt-3 text-sm text-grey-text">
          La modification du profil sera disponible prochainement.
        </p>
      </div>
      <div>
        <Island name="LogoutButton" component={LogoutButton} props={{}} />
      </div>
    </div>
  );
}
