export { weeklyAlertPersonalData } from './personal-data.ts';
export { sendWeeklyAlerts } from './weekly-alert.ts';
