import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Mes créneaux">
      {'Les rencontres réservées sur vos créneaux apparaîtront ici.'}
    </PlannedScreen>
  );
}
