import { ZPreparedListSendFailureSchema } from "@wholesale/contract";
import { clientFailures } from "../miniapp/index.ts";

/**
 * A send's 409 (a list sent, a past order repeated) may be the whole list refused, with the market and its
 * opening time.
 */
export const sendFailures = { ...clientFailures, 409: ZPreparedListSendFailureSchema };
