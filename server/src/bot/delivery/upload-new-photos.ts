import { needsUpload, type Outgoing } from "./call-bot-api.ts";
import type { MisconfiguredHalt } from "./misconfigured-halt.ts";
import { release } from "./outcome.ts";
import type { Send } from "./record-when-answered.ts";
import { unpaced } from "./reserve-send-slots.ts";
import type { SendTurns } from "./send-turns.ts";
import type { SharedPause } from "./shared-pause.ts";
import type { StopSignal } from "./stop-signal.ts";

export type UploadDeps = {
  signal: StopSignal;
  pause: SharedPause;
  halt: MisconfiguredHalt;
  turns: SendTurns;
  reserve: (count: number) => Promise<number | undefined>;
  record: (send: Send) => void;
};

/**
 * A photo not yet on Telegram goes out first, alone: to one recipient, then (if that one fails) to the
 * next, until one upload succeeds. Only then is the rest of the batch paced, reusing its file_id, so
 * the pace holds however long the upload takes. A 429 or a stop ends the uploads; the rows whose photo
 * is still not uploaded are then given back. Returns the rows left to send.
 */
export async function uploadNewPhotos(
  { signal, pause, halt, turns, reserve, record }: UploadDeps,
  outgoing: Outgoing[],
): Promise<Outgoing[]> {
  const rest: Outgoing[] = [];
  for (const item of outgoing) {
    if (
      !needsUpload(item.photo) ||
      signal.stopped() ||
      pause.until() > Date.now() ||
      halt.until() > Date.now()
    )
      rest.push(item);
    else {
      const slot = await reserve(1);
      if (slot !== undefined) turns.addSlots(slot, 1);
      const outcome = slot === undefined ? Promise.resolve(unpaced) : turns.sendInTurn(item);
      record({ row: item.row, outcome });
      await outcome;
    }
  }
  for (const { row } of rest.filter((item) => needsUpload(item.photo))) {
    const wait = Math.max(0, pause.until() - Date.now());
    record({ row, outcome: Promise.resolve(release("фото ещё не загружено", wait)) });
  }
  return rest.filter((item) => !needsUpload(item.photo));
}
