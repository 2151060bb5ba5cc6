import type { TClientMessageSendFields } from "@wholesale/contract";
import { count } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clients } from "../../../db/schema/index.ts";
import { audience } from "./audience.ts";
import { checkTarget } from "./check-target.ts";

/**
 * How many clients a message with these audience fields would reach if sent now: the figure staff
 * confirm before a broadcast («Сообщение получат N клиентов»). Decided again at sending, as the list may
 * change meanwhile.
 */
export async function countRecipients(
  db: Db,
  fields: Omit<TClientMessageSendFields, "text">,
): Promise<number> {
  await checkTarget(db, { ...fields, text: "" });
  const [row] = await db
    .select({ n: count() })
    .from(clients)
    .where(
      audience({
        groupId: fields.group ?? null,
        transportationId: fields.transportation ?? null,
        clientType: fields.client_type ?? null,
      }),
    );
  return row?.n ?? 0;
}
