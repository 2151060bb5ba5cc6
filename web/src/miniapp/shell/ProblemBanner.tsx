import type { Problem } from "./use-launch-session.ts";

/** The page's one problem, as a toast over the page: «Повторить» when a retry may fix it, «✕» to dismiss. */
export function ProblemBanner({ problem, onClose }: { problem: Problem; onClose?: () => void }) {
  return (
    <div className="banner" role="alert">
      <span>{problem.message}</span>
      {problem.retry && (
        <button type="button" className="plain" onClick={() => problem.retry?.()}>
          Повторить
        </button>
      )}
      {onClose && (
        <button type="button" className="plain" onClick={onClose}>
          ✕
        </button>
      )}
    </div>
  );
}
