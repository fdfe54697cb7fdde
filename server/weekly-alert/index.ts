export { sendWeeklyAlerts } from './weekly-alert.ts';
export { weeklyAlertPersonalData } from './personal-data.ts';
