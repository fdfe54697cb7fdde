import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Gérer mes créneaux">
      {'Vos créneaux à venir et passés, avec les places réservées.'}
    </PlannedScreen>
  );
}
