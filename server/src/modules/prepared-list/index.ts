export { createPreparedListService, type PreparedListService } from "./list-service.ts";
export {
  announceListsAtOpening,
  PREPARED_LIST_NOTICE_KIND,
  SEND_LIST_BUTTON,
  SEND_LIST_CALLBACK,
} from "./openings.ts";
export { preparedListRoutes } from "./routes.ts";
