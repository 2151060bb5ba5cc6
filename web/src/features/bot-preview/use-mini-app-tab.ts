import { useState } from "react";
import { useMiniAppPreview } from "./api.ts";

/**
 * «Открыть каталог»: the Mini App in a new tab as the chosen client, its token riding in the hash, which is
 * never sent to a server. The tab opens with the click (a browser blocks one opened later, after an answer)
 * and closes when the client is refused.
 */
export function useMiniAppTab() {
  const miniApp = useMiniAppPreview();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function open(clientId: number, dryRun: boolean) {
    setRefusal(null);
    const tab = window.open("", "_blank");
    const session = await miniApp.mutateAsync({ client: clientId, dry_run: dryRun }).catch(() => null);
    if (session?.status === "client") {
      if (tab) tab.location.href = `/app/#previewToken=${encodeURIComponent(session.token)}`;
      return;
    }
    tab?.close();
    if (session) setRefusal(session.detail);
  }

  return { open, opening: miniApp.isPending, refusal };
}
