// What other areas may use of the orders: the day's orders and their dialog, the orders that hold a
// modification, the clients who ordered on a day, and the orders' spreadsheets. The rest of this folder is the
// «Онлайн-заказы» screen's own.
export {
  downloadOrdersReport,
  HISTORY_PAGE_SIZE,
  ONLINE_PAGE_SIZE,
  useClientsWithOrders,
  useModificationOrders,
  useOrders,
} from "./api.ts";
export { OrderDialog } from "./OrderDialog.tsx";
export { positionSx } from "./position-sx.ts";
