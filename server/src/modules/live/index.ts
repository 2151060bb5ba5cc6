export { LIVE_CHANNEL, parseLiveChange } from "./live-change.ts";
export { createLiveHub, type LiveHub } from "./live-hub.ts";
export { liveRoutes } from "./live-routes.ts";
