import { PlannedScreen } from '../../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Détail de la rencontre">
      {"Le détail d'une rencontre, avec l'établissement et la préparation, apparaîtra ici."}
    </PlannedScreen>
  );
}
