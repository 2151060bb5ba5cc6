export { enqueueOutbox, type OutboxRow } from "./enqueue.ts";
export {
  type ClaimedRow,
  claimDue,
  databaseNow,
  deleteDoneRows,
  loadPhotos,
  markBlocked,
  markOutcomes,
  type PhotoSource,
  pauseLeft,
  pausePace,
  reserveSlots,
} from "./outbox-store.ts";
export type { Outcome } from "./outcome.ts";
