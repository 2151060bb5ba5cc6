import type { TStockWaitAsked } from "@wholesale/contract";
import { useState } from "react";
import { api, Refused } from "../api.ts";
import { haptic } from "../bridge.ts";

/** Whether the client now waits for a modification: the page marks its rows and sheet so. */
export type OnWaiting = (modification: number, waiting: boolean) => void;

type Props = {
  modification: number;
  onClose: () => void;
  onWaiting: OnWaiting;
  /** The server refused the ask (the item is back in stock for the client): the sheet reads its card again. */
  onRefused: () => void;
  onError: (error: unknown, retry: () => void) => void;
};

const CANCELLED = "Ожидание отменено.";

/**
 * A sold-out item's sheet offers «Сообщить о поступлении» instead of adding. The server's answer is shown as it
 * is (nothing is reserved, how long the wait lasts); asked again, it says the client waits already, and the
 * sheet offers «Отменить ожидание».
 */
export function WaitOffer({ modification, onClose, onWaiting, onRefused, onError }: Props) {
  const [answer, setAnswer] = useState<TStockWaitAsked | null>(null);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function ask() {
    setBusy(true);
    try {
      const asked = await api.askWait(modification);
      haptic.success();
      setAnswer(asked);
      setSaid({ text: asked.detail, problem: false });
      onWaiting(modification, true);
    } catch (error) {
      haptic.error();
      if (error instanceof Refused) {
        setSaid({ text: error.message, problem: true });
        onRefused();
      } else onError(error, () => void ask());
    } finally {
      setBusy(false);
    }
  }

  async function cancel(id: number) {
    setBusy(true);
    try {
      await api.cancelWait(id);
      haptic.success();
      setAnswer(null);
      setSaid({ text: CANCELLED, problem: false });
      onWaiting(modification, false);
    } catch (error) {
      haptic.error();
      if (error instanceof Refused) setSaid({ text: error.message, problem: true });
      else onError(error, () => void cancel(id));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {said && (
        <div className={said.problem ? "notice error" : "notice"} role={said.problem ? "alert" : "status"}>
          {said.text}
        </div>
      )}
      <div className="actions">
        <button type="button" className="plain" onClick={onClose}>
          Закрыть
        </button>
        {answer?.already ? (
          <button type="button" disabled={busy} onClick={() => void cancel(answer.wait.id)}>
            Отменить ожидание
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => void ask()}>
            Сообщить о поступлении
          </button>
        )}
      </div>
    </>
  );
}
