import { ProblemBanner } from "./ProblemBanner.tsx";
import type { Problem } from "./use-launch-session.ts";

/** Opened outside Telegram: there is no client to show the catalogue to. */
export function NotInTelegram() {
  return (
    <div className="screen">
      <h1>Откройте каталог в Telegram</h1>
      <p>Каталог открывается из чата с ботом: кнопка «Открыть каталог» или кнопка меню.</p>
    </div>
  );
}

/**
 * The session being opened. Without a session the page has nothing else to say: a problem is said once, on
 * the page, and the banner (a toast over the page) only carries «Повторить» for one that a retry may fix.
 */
export function OpeningSession({ problem }: { problem: Problem | null }) {
  return (
    <div className="screen">
      {!problem && "Загрузка…"}
      {problem?.retry && <ProblemBanner problem={problem} />}
      {problem && !problem.retry && <p role="alert">{problem.message}</p>}
    </div>
  );
}

/** A Telegram user who is not (or not yet) a client: the service's reason. */
export function NotClient({ detail }: { detail: string }) {
  return (
    <div className="screen">
      <h1>Каталог пока недоступен</h1>
      <p>{detail}</p>
    </div>
  );
}
