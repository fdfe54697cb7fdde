import { useData } from 'vike-react/useData';
import { SlotFormPage } from '../SlotFormPage.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { form } = useData<Data>();
  return <SlotFormPage title="Nouveau créneau" form={form} />;
}
