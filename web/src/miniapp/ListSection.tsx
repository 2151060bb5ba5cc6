import type { TMiniAppMarket, TPreparedList, TPreparedListSent } from "@wholesale/contract";
import { useState } from "react";
import { formatDay } from "./format.ts";
import type { OnError, OnList } from "./list/callbacks.ts";
import { ListLines } from "./list/ListLines.tsx";
import { PastOrders } from "./list/PastOrders.tsx";
import type { SendOutcome } from "./list/SendResult.tsx";
import { PasteSection } from "./PasteSection.tsx";

export type { SendOutcome };
export type ListTab = "lines" | "history" | "paste";

type Props = {
  list: TPreparedList | null;
  market: TMiniAppMarket | null;
  tab: ListTab;
  onTab: (tab: ListTab) => void;
  outcome: SendOutcome | null;
  sending: boolean;
  onSend: () => void;
  onList: OnList;
  /** A repeated order sent at once: shown as a send of the list is. */
  onSent: (sent: TPreparedListSent) => void;
  /** Today's order changed outside a send (a suggested add): read again. */
  onOrderChanged: () => void;
  onError: OnError;
};

/**
 * «Список к открытию»: three tabs, the list kept on the server with its send (`list/ListLines.tsx`), the
 * client's past orders to repeat (`list/PastOrders.tsx`), and a pasted list matched to the catalogue
 * (`PasteSection.tsx`); what a repeat or a paste put into the list is said above it. Loaded when first opened:
 * the catalogue's first load stays small.
 */
export function ListSection({ tab, onTab, ...props }: Props) {
  const [notice, setNotice] = useState<string | null>(null);
  /** Back to the list, saying what has just gone into it. */
  const showList = (listed: TPreparedList, done: string) => {
    props.onList(listed);
    setNotice(done);
    onTab("lines");
  };
  const chip = (label: string, to: ListTab) => (
    <button
      type="button"
      className="chip"
      aria-pressed={tab === to}
      onClick={() => {
        setNotice(null);
        onTab(to);
      }}
    >
      {label}
    </button>
  );
  const count = props.list?.lines.length ?? 0;
  return (
    <section aria-label="Список к открытию">
      <h2 className="section-title">Список к открытию</h2>
      <div className="chips padded" role="toolbar" aria-label="Список">
        {chip(`Список${count > 0 ? ` (${count})` : ""}`, "lines")}
        {chip("Прошлые заказы", "history")}
        {chip("Вставить список", "paste")}
      </div>
      {notice && (
        <div className="added padded-notice" role="status">
          {notice}
        </div>
      )}
      {tab === "lines" && <ListLines {...props} />}
      {tab === "history" && (
        <PastOrders
          onError={props.onError}
          onSent={(sent) => {
            props.onSent(sent);
            onTab("lines");
          }}
          onListed={(listed, day) => showList(listed, `Заказ от ${formatDay(day)} в списке к открытию.`)}
        />
      )}
      {tab === "paste" && <PasteSection onList={props.onList} onError={props.onError} onDone={showList} />}
      <div className="bottom-space" />
    </section>
  );
}
