import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Mes créneaux">
      {'Vos rencontres à venir et passées apparaîtront ici.'}
    </PlannedScreen>
  );
}
