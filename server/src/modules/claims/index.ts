export { type ClaimService, createClaim, createClaimService } from "./claim-service.ts";
export { claimRoutes } from "./routes.ts";
