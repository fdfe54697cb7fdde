export { countAvailableSlots } from './availability.ts';
