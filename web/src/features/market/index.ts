// What other areas may use of the market: its status, for everyone and as one client sees it. The rest of this
// folder is the «Настройки» screen's own.
export { useMarketStatus } from "./api.ts";
export { ClientMarketStatus } from "./ClientMarketStatus.tsx";
