import { useState } from "react";
import { Refused } from "./api.ts";
import { haptic } from "./bridge.ts";

/** What a row shows: itself, its editor, or the question whether to delete it. */
export type LineMode = "view" | "editing" | "deleting";

/**
 * A row's changes (a position of «Мой заказ», a line of the list): `run` is busy while a change goes; done, the
 * new state is handed to `onDone` with a success haptic and the row is shown again; a refusal is the row's
 * problem, said in it; any other failure goes to `onError` with the same change to try again.
 */
export function useLineAction<T>(
  onDone: (value: T) => void,
  onError: (error: unknown, retry: () => void) => void,
) {
  const [mode, setMode] = useState<LineMode>("view");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(work: () => Promise<T>) {
    setBusy(true);
    try {
      onDone(await work());
      haptic.success();
      setMode("view");
      setProblem(null);
    } catch (error) {
      haptic.error();
      if (error instanceof Refused) setProblem(error.message);
      else onError(error, () => void run(work));
    } finally {
      setBusy(false);
    }
  }

  /** A change made elsewhere (the row's editor): handed on, and the row shown again. */
  const saved = (value: T) => {
    onDone(value);
    setMode("view");
  };

  /** Back to the row as it is, the last refusal forgotten. */
  const dismiss = () => {
    setMode("view");
    setProblem(null);
  };

  return { mode, setMode, busy, problem, run, saved, dismiss };
}
