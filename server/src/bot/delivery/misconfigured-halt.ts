export type MisconfiguredHalt = {
  /** Until when this instance sends nothing because the Bot API refused its token or root. */
  until: () => number;
  /** The Bot API refused the call (401, 404): this instance halts, unless it already does. */
  refused: (error: string) => void;
};

/** How this instance stops sending for `pauseMs` after the Bot API refused its token or root. */
export function createMisconfiguredHalt({
  pauseMs,
  onError,
}: {
  pauseMs: number;
  onError: (error: unknown, context: string) => void;
}): MisconfiguredHalt {
  let haltedUntil = 0;
  return {
    until: () => haltedUntil,
    refused(error) {
      // Logged once per halt, however many sends were under way when the refusal came.
      if (haltedUntil > Date.now()) return;
      haltedUntil = Date.now() + pauseMs;
      onError(
        new Error(
          `The Bot API refused the call (${error}): check TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT. ` +
            `The messages wait; delivery tries again in ${Math.round(pauseMs / 1000)} s.`,
        ),
        "bot-api",
      );
    },
  };
}
