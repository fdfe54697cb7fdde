/**
 * The department of a French postcode: two digits, three overseas (971–976), and Corsica's 20xxx split
 * into 2A (200xx–201xx) and 2B (202xx–206xx).
 */
export function departmentOfZipcode(zipcode: string): string | null {
  if (!/^\d{5}$/.test(zipcode)) return null;
  if (zipcode.startsWith('97') || zipcode.startsWith('98')) return zipcode.slice(0, 3);
  if (zipcode.startsWith('20')) return Number(zipcode.slice(0, 3)) < 202 ? '2A' : '2B';
  return zipcode.slice(0, 2);
}
