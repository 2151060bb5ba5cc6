import { afterEach, describe, expect, it, vi } from "vitest";
import { Offline, Refused } from "./api.ts";
import { PENDING_KEY_MS, underKey } from "./attempt.ts";

/** A send whose answers are given in turn: a value, or an error thrown; it records the keys it was sent with. */
function sender(answers: (string | Error)[]) {
  const keys: string[] = [];
  const send = async (key: string) => {
    keys.push(key);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { keys, send };
}

afterEach(() => vi.useRealTimers());

describe("a send's key not yet answered", () => {
  it("is kept in the page's storage, so the Mini App opened again sends it unchanged", async () => {
    const first = sender([new Offline()]);
    await expect(underKey("list", first.send)).rejects.toBeInstanceOf(Offline);
    const stored = JSON.parse(localStorage.getItem("wholesale.pending-send:list") ?? "null");
    expect(stored).toMatchObject({ key: first.keys[0] });
    // The page opened again reads what the closed one kept: a module's memory is not involved.
    localStorage.setItem("wholesale.pending-send:list", JSON.stringify(stored));
    const again = sender(["sent"]);
    await expect(underKey("list", again.send)).resolves.toBe("sent");
    expect(again.keys).toEqual(first.keys);
    expect(localStorage.getItem("wholesale.pending-send:list")).toBeNull();
  });

  it("is dropped when answered or refused, and after an hour, so an old send never answers a new list", async () => {
    const refused = sender([new Refused(409, { detail: "Список пуст: добавьте в него товары." })]);
    await expect(underKey("list", refused.send)).rejects.toBeInstanceOf(Refused);
    const next = sender(["sent"]);
    await underKey("list", next.send);
    expect(next.keys[0]).not.toBe(refused.keys[0]);

    vi.useFakeTimers({ toFake: ["Date"] });
    const lost = sender([new Offline()]);
    await expect(underKey("order 12", lost.send)).rejects.toBeInstanceOf(Offline);
    vi.setSystemTime(Date.now() + PENDING_KEY_MS + 1);
    const later = sender(["sent"]);
    await underKey("order 12", later.send);
    expect(later.keys[0]).not.toBe(lost.keys[0]);
  });
});
