import { type TClientMessage, type TClientMessageSchedule, TIME_OF_DAY_PATTERN } from "@wholesale/contract";
import type { Db } from "../../../db/client.ts";
import { clientMessages } from "../../../db/schema/index.ts";
import { badRequest } from "../../../http/errors.ts";
import { addDays, businessDay } from "../../../lib/business-time.ts";
import type { Clock } from "../../../lib/clock.ts";
import { getMessage } from "./get-message.ts";

/**
 * The moment a scheduled message's `send_time` means. A time of day (`HH:mm`, as the dialog's time
 * field gives) is its next occurrence in Moscow: today if still ahead, otherwise tomorrow. A full ISO
 * moment is taken as is and must not be in the past.
 */
export function resolveSendTime(value: string, now: Date): Date {
  if (TIME_OF_DAY_PATTERN.test(value)) {
    const time = value.length === 5 ? `${value}:00` : value;
    const today = new Date(`${businessDay(now)}T${time}+03:00`);
    return today.getTime() > now.getTime()
      ? today
      : new Date(`${addDays(businessDay(now), 1)}T${time}+03:00`);
  }
  const at = new Date(value);
  if (at.getTime() < now.getTime() - 60_000) {
    throw badRequest("Время отправки уже прошло", { send_time: ["Время отправки уже прошло"] });
  }
  return at;
}

export async function scheduleMessage(
  { db, clock }: { db: Db; clock: Clock },
  input: TClientMessageSchedule,
  accountId: number | null,
): Promise<TClientMessage> {
  const sendTime = resolveSendTime(input.send_time, clock.now());
  const [row] = await db
    .insert(clientMessages)
    .values({
      text: input.text,
      sendTime,
      clientType: input.client_type ?? null,
      createdBy: accountId,
    })
    .returning();
  if (!row) throw new Error("message not inserted");
  return getMessage(db, row.id);
}
