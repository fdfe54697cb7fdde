export { admit, displayNameOf, liveKitSettings, roomSlot, type VideoRole } from './access.ts';
