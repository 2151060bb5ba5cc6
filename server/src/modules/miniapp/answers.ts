import type { TMiniAppRefusal } from "@wholesale/contract";
import type { Refusal } from "../ordering/index.ts";
import { type RefusalStatus, refusalOf, refusalStatus } from "./views.ts";

/**
 * An answer of a client's call, or a refusal with its HTTP status: the routes send either as it is
 * (client-routes.ts). `R` is what a refusal may be: the ordering service's, or more (a list refused whole).
 */
export type Answer<T, R = TMiniAppRefusal> =
  | { ok: true; value: T }
  | { ok: false; status: RefusalStatus; refusal: R };

/** The ordering service's refusal as a client's call answers it. */
export const refused = (
  r: Pick<Refusal, "code" | "message" | "canStill" | "takeAvailable" | "quote">,
): Answer<never> => ({
  ok: false,
  status: refusalStatus(r.code),
  refusal: refusalOf(r),
});
