import type { ClaimedRow, Outcome } from "../../modules/outbox/index.ts";
import type { Leases } from "./leases.ts";
import { release } from "./outcome.ts";
import type { OutcomeRecorder } from "./outcome-recorder.ts";

/** A row's send under way, or its answer known without one. */
export type Send = { row: ClaimedRow; outcome: Promise<Outcome> };

/** Records a send when it is answered; until then it is in `inFlight`, and a stop waits for it. */
export function recordWhenAnswered(
  {
    leases,
    recorder,
    inFlight,
    onError,
  }: {
    leases: Leases;
    recorder: OutcomeRecorder;
    inFlight: Set<Promise<void>>;
    onError: (error: unknown, context: string) => void;
  },
  { row, outcome }: Send,
): void {
  // A send that threw (it catches what the Bot API does) is recorded as given back, which frees its place.
  const answered = outcome.catch((error: unknown): Outcome => {
    onError(error, "send");
    return release("ошибка отправки");
  });
  const recorded = answered.then((answer) => {
    // Only a delivered message needs its lease until recorded: anything else may be tried again by anyone.
    if (answer.kind !== "sent") leases.letGo([row]);
    else if (leases.lost(row))
      onError(new Error(`outbox row ${row.id} was sent after its lease was lost: it may go twice`), "lease");
    const uploaded =
      answer.kind === "sent" && answer.fileId && row.clientMessageId !== null
        ? { messageId: row.clientMessageId, fileId: answer.fileId }
        : undefined;
    recorder.record({ row, outcome: answer }, uploaded);
  });
  inFlight.add(recorded);
  void recorded.finally(() => inFlight.delete(recorded));
}
