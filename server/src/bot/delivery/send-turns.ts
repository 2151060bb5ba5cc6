import type { ClaimedRow, Outcome } from "../../modules/outbox/index.ts";
import type { Outgoing } from "./call-bot-api.ts";
import type { Leases } from "./leases.ts";
import type { MisconfiguredHalt } from "./misconfigured-halt.ts";
import { release } from "./outcome.ts";
import type { SharedPause } from "./shared-pause.ts";
import type { StopSignal } from "./stop-signal.ts";

/**
 * How late after its slot a send may still go. Slots are 5 % (50 ms a second) wider than the rate: half
 * of that is this allowance, the other half absorbs how differently instances place the shared slots on
 * their own clocks (within half the fastest round trip to the database: `database-clock.ts`), so sends of
 * all instances together never exceed the rate in any second.
 */
const LATE_MS = 25;

export type SendTurns = {
  /** Sends the row in its turn, or gives it back saying why. */
  sendInTurn: (outgoing: Outgoing) => Promise<Outcome>;
  /** Slots reserved for this instance, `count` of them `intervalMs` apart from `first` (this process's clock). */
  addSlots: (first: number, count: number) => void;
  /** Forgets when quiet chats were last sent to, once there are very many. */
  forgetQuietChats: () => void;
  /** The rows' outcomes are written: their places among the unrecorded are free. */
  recorded: (rows: ClaimedRow[]) => void;
  /** What a stop could not record is left to its leases: a next start has the whole second's worth again. */
  clearUnrecorded: () => void;
};

/**
 * Sends wait their turn one after another. Each takes the earliest of this instance's reserved slots that
 * has not passed by more than LATE_MS (a slot left behind while the event loop was busy is dropped, not
 * used late: it would crowd the slots other instances are using), never makes more than the rate's worth of
 * starts in any window of a second (a sliding log of this instance's recent starts), and never comes within
 * `perChatMs` of the chat's previous start. All three are judged when the call really starts, so timers
 * that fire late on a busy event loop cannot bunch sends beyond the limit; and a late row takes the next
 * slot rather than giving its row back, so a loop that is always a little late still sends at nearly the
 * rate (only rows left without a slot are given back).
 */
export function createSendTurns(deps: {
  signal: StopSignal;
  pause: SharedPause;
  halt: MisconfiguredHalt;
  leases: Leases;
  send: (outgoing: Outgoing) => Promise<Outcome>;
  onError: (error: unknown, context: string) => void;
  intervalMs: number;
  perChatMs: number;
  windowMs: number;
  perWindow: number;
  /** Calls started whose outcome is not yet written, at most (see `worker.ts`). */
  maxUnrecorded: number;
}): SendTurns {
  const { signal, pause, halt, leases, intervalMs, perChatMs, windowMs, perWindow, maxUnrecorded } = deps;
  let gate: Promise<unknown> = Promise.resolve();
  const recent: number[] = [];
  const chatLast = new Map<number, number>();
  /** This instance's reserved slots not yet used, in time order, on this process's clock. */
  const slots: number[] = [];
  /** The rows of calls started whose outcome is not written yet (`maxUnrecorded` at most). */
  const unrecorded = new Set<ClaimedRow>();
  /** Wakes the turn waiting for a place among `unrecorded`. */
  const placeWaiters = new Set<() => void>();

  /** Waits for the row's turn. Returns why the row is given back instead of sent, or nothing to send it. */
  async function takeTurn(row: ClaimedRow): Promise<Outcome | undefined> {
    let waitedForRecords = false;
    for (;;) {
      if (signal.stopped()) return release("остановка");
      if (halt.until() > Date.now()) return release("Bot API отказал в доступе: проверьте токен бота");
      if (!(await pause.known())) return release("не удалось проверить паузу после 429");
      if (pause.until() > Date.now()) return release("пауза после 429", pause.until() - Date.now());
      // A row whose lease may end before its send is answered could be sent by another worker too.
      if (!leases.canSend(row)) return release("аренда строки истекает");
      const now = Date.now();
      while (slots.length > 0 && (slots[0] ?? 0) < now - LATE_MS) slots.shift();
      const slot = slots[0];
      if (slot === undefined)
        return release(
          waitedForRecords
            ? "секунда отправок ещё без ответа или записи: строка ждёт"
            : "не успели к своему времени отправки",
        );
      while (recent.length > 0 && (recent[0] ?? 0) <= now - windowMs) recent.shift();
      const windowFree = recent.length < perWindow ? 0 : (recent[0] ?? 0) + windowMs;
      const at = Math.max(slot, windowFree, (chatLast.get(row.chatId) ?? 0) + perChatMs);
      if (at <= now && unrecorded.size >= maxUnrecorded) {
        // Full: wait for a record, at most until this slot has passed (the row then takes a later slot, or
        // is given back).
        waitedForRecords = true;
        if (!(await signal.sleep(slot + LATE_MS - now + 1, placeWaiters))) return release("остановка");
        continue;
      }
      if (at <= now) {
        slots.shift();
        recent.push(now);
        chatLast.set(row.chatId, now);
        unrecorded.add(row);
        return undefined;
      }
      if (!(await signal.sleep(at - now))) return release("остановка");
    }
  }

  return {
    sendInTurn(outgoing) {
      const turn = gate.then(() => takeTurn(outgoing.row));
      // A turn that failed must not block every later send behind it (its own row is then given back).
      gate = turn.catch(() => undefined);
      return turn.then(
        (refusal) => refusal ?? deps.send(outgoing),
        (error: unknown) => {
          deps.onError(error, "turn");
          return release("ошибка перед отправкой");
        },
      );
    },
    addSlots(first, count) {
      for (let i = 0; i < count; i++) slots.push(first + i * intervalMs);
    },
    forgetQuietChats() {
      const now = Date.now();
      if (chatLast.size > 50_000)
        for (const [chat, at] of chatLast) if (at < now - perChatMs) chatLast.delete(chat);
    },
    recorded(rows) {
      for (const row of rows) unrecorded.delete(row);
      for (const wake of placeWaiters) wake();
    },
    clearUnrecorded() {
      unrecorded.clear();
    },
  };
}
