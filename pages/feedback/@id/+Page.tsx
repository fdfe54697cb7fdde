import { PlannedScreen } from '../../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Questionnaire de satisfaction">
      {'Donnez votre avis sur une rencontre passée.'}
    </PlannedScreen>
  );
}
