export {
  admit,
  displayNameOf,
  type LiveKitSettings,
  liveKitSettings,
  ROOM_CLOSES_AFTER_MS,
  ROOM_OPENS_BEFORE_MS,
  roomSlot,
  roomWindow,
  type VideoRole,
} from './access.ts';
