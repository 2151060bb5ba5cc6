import { Gauge, type Registry } from "prom-client";
import type { BoundedRead } from "./bounded-read.ts";
import { PREFIX } from "./instruments.ts";

/** The waiting outbox as one statement reads it: due now, waiting for later (retry, pause, lease), the oldest's age. */
export type OutboxWaiting = { due: number; deferred: number; oldestSeconds: number };

/** The outbox's waiting rows, read by one statement per scrape, within the collect timeout. */
export function watchOutbox(
  { registry, boundedRead }: { registry: Registry; boundedRead: BoundedRead },
  readWaiting: () => Promise<OutboxWaiting>,
): void {
  const read = boundedRead("outbox", readWaiting);
  new Gauge({
    name: `${PREFIX}outbox_waiting_messages`,
    help: "Outbox rows not yet sent: due now, or deferred (a retry's wait, a 429 pause, claimed by a worker)",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const waiting = await read();
      if (!waiting) return;
      this.set({ state: "due" }, waiting.due);
      this.set({ state: "deferred" }, waiting.deferred);
    },
  });
  new Gauge({
    name: `${PREFIX}outbox_oldest_waiting_seconds`,
    help: "Age of the oldest outbox row not yet sent (0 when none waits)",
    registers: [registry],
    async collect() {
      const waiting = await read();
      if (waiting) this.set(waiting.oldestSeconds);
    },
  });
}
