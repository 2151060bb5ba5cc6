/** What one send attempt came to, and so what happens to its outbox row. */
export type Outcome =
  /** `fileId`: the photo this send uploaded, for every other row of its broadcast. */
  | { kind: "sent"; fileId?: string }
  /**
   * Try again after `delayMs`; `counted` false when the attempt was not the row's fault (429, pause, stop).
   * `halt` stops more than this row: `rate-limit` (429) pauses every instance for `delayMs`;
   * `misconfigured` (401, 404: a wrong token or API root) pauses this instance, and the row is due again
   * at once for an instance that is configured right.
   */
  | { kind: "retry"; delayMs: number; counted: boolean; error: string; halt?: "rate-limit" | "misconfigured" }
  | { kind: "failed"; error: string }
  /** The client blocked the bot (403): the row and the client's other rows are not sent. */
  | { kind: "unreachable"; error: string }
  /** Not sent: what it told stopped being true before its turn (vet-batch.ts). */
  | { kind: "withdrawn"; error: string };

/** What a call to the Bot API came to: never `withdrawn`, which is decided before any call. */
export type CallOutcome = Exclude<Outcome, { kind: "withdrawn" }>;
