// What other areas may use of the statistics: the home page's figures. The rest of this folder is the
// «Статистика» screen's own.
export { useDashboard } from "./api.ts";
