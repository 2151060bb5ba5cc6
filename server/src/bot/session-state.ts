/** A registration in progress: what the user has told so far. */
export type RegistrationDraft = {
  organizationId: number | null;
  organizationName?: string;
  nickname?: string;
  phoneNumber?: string;
};

/** What the bot expects the user to type next; a button press or a command resets it. */
export type BotStep =
  | { kind: "idle" }
  | {
      kind: "registration";
      field: "organization" | "nickname" | "phone" | "volume";
      draft: RegistrationDraft;
    }
  /** A typed quantity of the modification whose card came from `productId`'s list (0: search) at `page`. */
  | { kind: "quantity"; modificationId: number; productId: number; page: number }
  | { kind: "change"; positionId: number }
  | { kind: "claim" };

export type BotSession = {
  step: BotStep;
  /** The last typed search, for paging its results (too long for callback data). */
  search?: string;
};

export const initialSession = (): BotSession => ({ step: { kind: "idle" } });

/** Where the update's session is kept (its user's key) and how it stands there, as JSON. */
export type StoredSession = { key: string; json: string };
