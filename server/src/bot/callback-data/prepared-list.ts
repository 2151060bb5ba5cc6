import { SEND_LIST_CALLBACK } from "../../modules/prepared-list/index.ts";
import { callbackData } from "./factory.ts";

/** «Отправить список» under the market's opening message: the list's module writes the button with this prefix. */
export const sendListData = callbackData(SEND_LIST_CALLBACK, {});
