export { sendWeeklyAlerts } from './weekly-alert.ts';
