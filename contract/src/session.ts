// What the web needs before any section's page: signing in, the session's check, the error shape and the live
// stream. Loaded on its own (`@wholesale/contract/session`) so a screen's first load evaluates these few schemas,
// not the whole contract and zod's whole namespace, which importing the index as a module object keeps.
export { ZWhoAmISchema } from "./accounts.ts";
export {
  TOKEN_NOT_VALID,
  ZTokenPairSchema,
  ZTokenRefreshResponseSchema,
  ZTokenRequestSchema,
} from "./auth.ts";
export { ZEmptySchema, ZErrorSchema } from "./common.ts";
export { LIVE_CHANGE_EVENT, ZLiveEventSchema } from "./live.ts";
