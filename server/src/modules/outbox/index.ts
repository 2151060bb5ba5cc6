export { enqueueOutbox, type OutboxRow } from "./enqueue.ts";
export {
  type ClaimedRow,
  claimDue,
  databaseNow,
  deleteDoneRows,
  loadPhotos,
  markBlocked,
  markOutcomes,
  PAUSE_CHANNEL,
  type PhotoSource,
  pauseLeft,
  pausePace,
  renewLeases,
  reserveSlots,
} from "./outbox-store.ts";
export type { CallOutcome, Outcome } from "./outcome.ts";
export { readOutboxWaiting } from "./waiting.ts";
