import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Mon espace">
      {'Vos prochaines rencontres et les entreprises suggérées pour vous apparaîtront ici.'}
    </PlannedScreen>
  );
}
