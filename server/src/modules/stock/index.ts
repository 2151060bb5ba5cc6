export { DAILY_STOCK_SNAPSHOT_JOB, runDailyStockSnapshot } from "./daily-snapshot.ts";
export {
  correctStock,
  moveExclusivePool,
  moveStock,
  returnToExclusivePool,
  soldOut,
  stockMove,
  stockNow,
  takeFromExclusivePool,
} from "./stock-moves.ts";
