export { type RoomView, roomPage } from './room-page.ts';
