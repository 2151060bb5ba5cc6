import { useEffect, useRef } from "react";

/** Calls `onReach` when the returned element comes within `margin` of the viewport. */
export function useInfiniteTrigger(onReach: () => void, enabled: boolean, margin = "100px") {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onReach);
  callback.current = onReach;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return ref;
}
