import { useEffect, useRef } from "react";
import { onEvent, setBackButton, setMainButton } from "../bridge.ts";
import type { View } from "./SectionsBar.tsx";

type Options = {
  /** A client is signed in: without one the MainButton stays hidden. */
  signedIn: boolean;
  view: View;
  onView: (view: View) => void;
  /** The order's total as the MainButton says it, and its positions. */
  total: string;
  positions: number;
  /** Lines waiting in «Список к открытию», and whether the open market lets them go now. */
  listed: number;
  listReady: boolean;
  sending: boolean;
  sendList: () => Promise<void>;
};

/**
 * Telegram's own buttons under the page: the MainButton shows the order's total and opens «Мой заказ», or
 * sends a waiting list once the market is open; the BackButton returns to the catalogue.
 */
export function useTelegramButtons({
  signedIn,
  view,
  onView,
  total,
  positions,
  listed,
  listReady,
  sending,
  sendList,
}: Options) {
  const mainAction = useRef<() => void>(() => undefined);
  useEffect(() => {
    const showOrder = signedIn && view.kind === "catalogue" && positions > 0;
    if (signedIn && listReady && !sending) {
      setMainButton(`Отправить список (${listed} поз.)`);
      mainAction.current = () => void sendList();
    } else {
      setMainButton(showOrder ? `Мой заказ${total ? ` · ${total}` : ` · ${positions} поз.`}` : null);
      mainAction.current = () => onView({ kind: "order" });
    }
    setBackButton(view.kind !== "catalogue");
  }, [signedIn, view, positions, total, listReady, listed, sending, sendList, onView]);
  useEffect(() => {
    const offMain = onEvent("main_button_pressed", () => mainAction.current());
    const offBack = onEvent("back_button_pressed", () => onView({ kind: "catalogue" }));
    return () => {
      offMain();
      offBack();
    };
  }, [onView]);
}
