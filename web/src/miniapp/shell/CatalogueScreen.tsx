import type { TMiniAppItem, TMiniAppMarket } from "@wholesale/contract";
import { Catalogue } from "../Catalogue.tsx";
import { moscowTime } from "../format.ts";
import type { OnError } from "../list/callbacks.ts";

type Props = {
  market: TMiniAppMarket | null;
  /** Closed for the client: the catalogue adds to «Список к открытию» instead of the order. */
  closed: boolean;
  /** Lines waiting in the list, and whether the open market lets them go now. */
  listed: number;
  listReady: boolean;
  sending: boolean;
  onSend: () => void;
  seesPrices: boolean;
  notice: string | null;
  waited: ReadonlyMap<number, boolean>;
  searchFor: string | null;
  onAdd: (item: TMiniAppItem) => void;
  onError: OnError;
};

/**
 * «Каталог»: while the market is closed, when it opens again; once it is open, a waiting list's send; then
 * the catalogue.
 */
export function CatalogueScreen({ market, closed, listed, listReady, sending, onSend, ...catalogue }: Props) {
  return (
    <>
      {closed && market && <MarketClosed market={market} />}
      {listReady && (
        <div className="list-ready" data-testid="list-ready">
          <span>Маркет открыт. В списке к открытию {listed} поз.</span>
          <button type="button" disabled={sending} onClick={onSend}>
            Отправить список
          </button>
        </div>
      )}
      <Catalogue {...catalogue} toList={closed} />
    </>
  );
}

function MarketClosed({ market }: { market: TMiniAppMarket }) {
  return (
    <div className="notice closed-note" data-testid="market-closed">
      <strong>Маркет закрыт</strong>
      <div>
        {market.next_open_at
          ? `Откроется ${moscowTime(market.next_open_at)}.`
          : "Время открытия пока не назначено. Мы сообщим в чате, когда маркет откроется."}{" "}
        Пока можно собрать список к открытию: он отправится одним касанием.
      </div>
    </div>
  );
}
