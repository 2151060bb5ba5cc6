export { type ClaimService, createClaim, createClaimService } from "./claim-service.ts";
