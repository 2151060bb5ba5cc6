// What other areas may use of the market: its status, for everyone and as one client sees it, and when it turns
// next. The rest of this folder is the «Настройки» screen's own.
export { useMarketStatus, useNextMarketTurn } from "./api.ts";
export { ClientMarketStatus } from "./ClientMarketStatus.tsx";
