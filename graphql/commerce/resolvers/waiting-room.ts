import type { CommerceContext } from '../context.ts';
import { waitingRoomSettings } from '../waiting-room-settings.ts';

// Decision 0044: public like the catalogue; the web tier asks before the visitor has credentials.
export const waitingRoomResolvers = {
  Query: {
    waitingRoom: (_: unknown, { eventId }: { eventId: string }, context: CommerceContext) =>
      waitingRoomSettings(context.db, eventId, context.clock()),
  },
};
