import { useMutation } from "@tanstack/react-query";
import { type TBotPreviewRequest, ZBotPreviewReplySchema } from "@wholesale/contract";
import { api } from "../../api/client.ts";

/** One update to the bot as the chosen client; the answer is what the bot would have sent. */
export function useBotPreview() {
  return useMutation({
    mutationFn: (body: TBotPreviewRequest) =>
      api("/bot/preview/", { method: "POST", body, schema: ZBotPreviewReplySchema }),
    meta: { errorMessage: "Бот не ответил" },
  });
}
