export { type CalendarEvent, calendarFile } from './ics.ts';
