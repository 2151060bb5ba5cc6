import { callbackData } from "./factory.ts";

/** The wholesale volume chosen at registration: the client type (3 small, 2 large). */
export const volumeData = callbackData("volume", ["clientType"] as const);
