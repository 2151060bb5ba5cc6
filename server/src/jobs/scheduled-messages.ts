import type { MessageService } from "../modules/messaging/index.ts";
import type { Job } from "./scheduler.ts";

/** How late a scheduled message may leave: its due check runs this often on each instance. */
const CHECK_EVERY_MS = 5_000;

/** Queues scheduled messages whose time has come (exactly once across instances: see releaseDue). */
export function scheduledMessagesJob(messages: MessageService): Job {
  return {
    name: "scheduled-messages",
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      await messages.releaseDue();
    },
  };
}
