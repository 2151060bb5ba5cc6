import { useBrandNames } from "../features/catalogue/index.ts";
import ClientsPage from "../features/clients/ClientsPage.tsx";
import { type ClientDialogParts, ClientDialogPartsContext } from "../features/clients/index.ts";
import { ClientMarketStatus } from "../features/market/index.ts";

/** What the client dialog shows from the market and the catalogue, which build on clients themselves. */
const parts: ClientDialogParts = { MarketStatus: ClientMarketStatus, useBrandNames };

/** «Клиенты»: the clients' screen, its client dialog given the market's hours and the catalogue's brands. */
export default function ClientsSection() {
  return (
    <ClientDialogPartsContext value={parts}>
      <ClientsPage />
    </ClientDialogPartsContext>
  );
}
