import type { Db } from "../../db/client.ts";
import type { OrderingService } from "../../modules/ordering/index.ts";
import type { ClaimedRow, PhotoSource } from "../../modules/outbox/index.ts";
import { attachPhotos } from "./attach-photos.ts";
import type { Outgoing } from "./call-bot-api.ts";
import { release } from "./outcome.ts";
import { unpaced } from "./reserve-send-slots.ts";
import { triageBatch } from "./triage-batch.ts";
import { type UploadDeps, uploadNewPhotos } from "./upload-new-photos.ts";
import { vetBatch } from "./vet-batch.ts";

/** Schedules a claimed batch; returns when its last send is due. */
export async function dispatchBatch(
  deps: UploadDeps & {
    db: Db;
    ordering: OrderingService;
    photos: Map<number, PhotoSource>;
    perChatMs: number;
    intervalMs: number;
  },
  rows: ClaimedRow[],
): Promise<number> {
  const { turns, record, reserve, intervalMs } = deps;
  turns.forgetQuietChats();
  let vetted: Awaited<ReturnType<typeof vetBatch>>;
  try {
    vetted = await vetBatch(deps, rows);
  } catch (error) {
    for (const row of rows)
      record({ row, outcome: Promise.resolve(release("не проверено перед отправкой")) });
    throw error;
  }
  const { held, toSend } = triageBatch(vetted.rest, deps.perChatMs);
  for (const send of [...vetted.withdrawn, ...held]) record(send);
  let outgoing: Outgoing[];
  try {
    outgoing = await attachPhotos(deps, toSend);
  } catch (error) {
    for (const row of toSend) record({ row, outcome: Promise.resolve(release("фото не прочитано")) });
    throw error;
  }
  const rest = await uploadNewPhotos(deps, outgoing);
  if (rest.length === 0) return Date.now();
  const start = await reserve(rest.length);
  if (start !== undefined) turns.addSlots(start, rest.length);
  for (const item of rest) {
    const outcome = start === undefined ? Promise.resolve(unpaced) : turns.sendInTurn(item);
    record({ row: item.row, outcome });
  }
  return (start ?? Date.now()) + (rest.length - 1) * intervalMs;
}
