import { useEffect, useState } from "react";

/** How long «Добавлено: …» stays: long enough to read, gone before the next add is chosen. */
const NOTICE_MS = 4_000;

/** A notice that goes by itself after a few seconds, each new one shown for its own full time. */
export function useFadingNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}
