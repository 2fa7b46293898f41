export * from './messages.js';
export * from './validate.js';
export * from './room.js';
export * from './room-validate.js';
export * from './lobby.js';
export * from './ratings.js';
export * from './names.js';
export { BOT_LEVELS, type Level } from './levels.js';
export type { BotLadder, BotTable } from './bot-ratings.js';
export { botRating } from './bot-rating.js';
export { BOT_LADDER } from './bot-ladder-ratings.js';
// The schemas themselves (TypeBox), for programs that validate or generate from them; protocol.schema.json is their JSON Schema.
export { type JsonValue, protocolSchema } from './schema/document.js';
export type { Typed, Wire } from './schema/refusal.js';
export {
  FairnessSchema,
  RoomClientMessages,
  RoomKeysSchema,
  RoomSeatSetupSchema,
  RoomServerMessages,
  RoomSetupSchema,
  RoomStateSchema,
} from './schema/room.js';
export {
  LobbyClientMessages,
  LobbyPoolSchema,
  LobbySeekSchema,
  LobbyServerMessages,
  MAX_REPORT_CHARS,
} from './schema/lobby.js';
export { ClientMessages, TableConfigSchema, TableMessages } from './schema/table.js';
export {
  BoardEntrySchema,
  BoardPageSchema,
  PlayerRatingsSchema,
  PoolRatingSchema,
  RatedGameSchema,
  RatingServerMessages,
} from './schema/ratings.js';
export {
  GameViewSchema,
  KoiKoiViewSchema,
  NaraViewSchema,
  OibanaViewSchema,
  SakuraViewSchema,
  type WireView,
} from './schema/views.js';
