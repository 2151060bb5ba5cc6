import type { TMiniAppMarket, TMiniAppSession } from "@wholesale/contract";
import { useCallback, useEffect, useState } from "react";
import { api, messageOf, Offline, openSession, setPreviewToken } from "../api.ts";
import { postEvent } from "../bridge.ts";
import type { LaunchParams } from "../launch.ts";

/** What failed, said once in the page's banner, with «Повторить» when trying again may help (a lost link). */
export type Problem = { message: string; retry: (() => void) | null };

/**
 * The session the page opens with: the client's from Telegram's launch data, or, with staff's preview token,
 * the previewed client's (in a dry run or not). It brings the market as it stands, and keeps the page's one
 * problem, which `fail` sets from any failure.
 */
export function useLaunchSession(launch: LaunchParams | null) {
  const [session, setSession] = useState<TMiniAppSession | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [market, setMarket] = useState<TMiniAppMarket | null>(null);
  const [dryRun, setDryRun] = useState(false);

  const fail = useCallback((error: unknown, retry: (() => void) | null) => {
    setProblem({ message: messageOf(error), retry: error instanceof Offline ? retry : null });
  }, []);

  const start = useCallback(() => {
    if (!launch) return;
    setProblem(null);
    if (launch.previewToken) {
      setPreviewToken(launch.previewToken);
      api.me().then(
        (me) => {
          setDryRun(me.dry_run);
          setMarket(me.market);
          setSession({
            status: "client",
            token: launch.previewToken ?? "",
            expires_in: 0,
            client: me.client,
            market: me.market,
          });
        },
        (error) => fail(error, start),
      );
      return;
    }
    openSession(launch.initData).then(
      (s) => {
        setSession(s);
        if (s.status === "client") setMarket(s.market);
      },
      (error) => fail(error, start),
    );
  }, [launch, fail]);

  useEffect(() => {
    postEvent("web_app_ready");
    postEvent("web_app_expand");
    start();
  }, [start]);

  return { session, problem, setProblem, fail, market, setMarket, dryRun };
}
