export { hasBuiltInRoom } from '../kernel/config.ts';
export { videoPersonalData } from './personal-data.ts';
export { type RoomView, roomPage } from './room-page.ts';
export { mountVideoWebhook, VIDEO_WEBHOOK_PATH } from './webhook.ts';
