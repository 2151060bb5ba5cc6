import type { TClientMessage } from "@wholesale/contract";
import { sql } from "drizzle-orm";
import { clientMessages } from "../../../db/schema/index.ts";

/** Everything but the photo's bytes. */
export const listColumns = {
  id: clientMessages.id,
  text: clientMessages.text,
  sendTime: clientMessages.sendTime,
  clientType: clientMessages.clientType,
  groupId: clientMessages.groupId,
  transportationId: clientMessages.transportationId,
  sent: clientMessages.sent,
  hasPhoto: sql<boolean>`${clientMessages.photoId} is not null`,
  recipients: clientMessages.recipients,
  delivered: clientMessages.delivered,
  failed: clientMessages.failed,
  unreachable: clientMessages.unreachable,
};

export type ListRow = {
  id: number;
  text: string;
  sendTime: Date | null;
  clientType: number | null;
  groupId: number | null;
  transportationId: number | null;
  sent: boolean;
  hasPhoto: boolean;
  recipients: number;
  delivered: number;
  failed: number;
  unreachable: number;
};

export function toMessage(r: ListRow): TClientMessage {
  return {
    id: r.id,
    text: r.text,
    send_time: r.sendTime?.toISOString() ?? null,
    client_type: r.clientType,
    group: r.groupId,
    transportation: r.transportationId,
    sent: r.sent,
    has_photo: r.hasPhoto,
    recipients: r.recipients,
    delivered: r.delivered,
    failed: r.failed,
    unreachable: r.unreachable,
    pending: Math.max(0, r.recipients - r.delivered - r.failed - r.unreachable),
  };
}
