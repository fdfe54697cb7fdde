import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Mon espace">
      {'Vos prochaines rencontres et vos créneaux encore libres apparaîtront ici.'}
    </PlannedScreen>
  );
}
