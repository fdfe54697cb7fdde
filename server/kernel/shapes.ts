/** Shapes shared by several types of the schema. */
export interface AddressColumns {
  label: string | null;
  zipcode: string | null;
  city: string | null;
  departmentCode: string | null;
  lat: number | null;
  lng: number | null;
}

export function addressOf(row: AddressColumns) {
  return {
    label: row.label ?? '',
    zipcode: row.zipcode ?? '',
    city: row.city ?? '',
    departmentCode: row.departmentCode ?? '',
    lat: row.lat ?? 0,
    lng: row.lng ?? 0,
  };
}
