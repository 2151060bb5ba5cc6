import { useMutation } from "@tanstack/react-query";
import {
  type TBotPreviewRequest,
  type TMiniAppPreviewRequest,
  ZBotPreviewReplySchema,
  ZMiniAppSessionSchema,
} from "@wholesale/contract";
import { api } from "../../api/client.ts";

/** One update to the bot as the chosen client; the answer is what the bot would have sent. */
export function useBotPreview() {
  return useMutation({
    mutationFn: (body: TBotPreviewRequest) =>
      api("/bot/preview/", { method: "POST", body, schema: ZBotPreviewReplySchema }),
    meta: { errorMessage: "Бот не ответил" },
  });
}

/** The Mini App's session as the chosen client, under the preview's dry-run rule. */
export function useMiniAppPreview() {
  return useMutation({
    mutationFn: (body: TMiniAppPreviewRequest) =>
      api("/bot/preview/miniapp/", { method: "POST", body, schema: ZMiniAppSessionSchema }),
    meta: { errorMessage: "Каталог не открылся" },
  });
}
