export { createLiveHub, type LiveHub } from "./live-hub.ts";
export { liveRoutes } from "./live-routes.ts";
