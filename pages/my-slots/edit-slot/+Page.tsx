import { PlannedScreen } from '../../layout/PlannedScreen.tsx';

export default function Page() {
  return <PlannedScreen title="Modifier le créneau">{'Modifiez un créneau publié.'}</PlannedScreen>;
}
