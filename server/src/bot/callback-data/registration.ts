import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL } from "../../db/schema/index.ts";
import { callbackData } from "./factory.ts";

/** The wholesale volume chosen at registration: the client type (3 small, 2 large). */
export const volumeData = callbackData("volume", {
  clientType: { min: CLIENT_TYPE_LARGE, max: CLIENT_TYPE_SMALL },
});
