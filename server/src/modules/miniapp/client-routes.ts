import { ZMiniAppFailureSchema } from "@wholesale/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { currentClient } from "../../http/auth.ts";
import { RETRY_AFTER_SECONDS } from "../ordering/index.ts";
import type { Answer } from "./answers.ts";

/** The route option of every client call: the client token only, the client the token's. */
export const clientAccess = { access: "client" } as const;

/**
 * What a client route answers besides success (the contract's failure): the ordering service's refusal (its
 * reason, what is still possible, a new quote) or the error model (bad input, a token, too many adds).
 */
export const clientFailures = {
  400: ZMiniAppFailureSchema,
  401: ZMiniAppFailureSchema,
  403: ZMiniAppFailureSchema,
  404: ZMiniAppFailureSchema,
  409: ZMiniAppFailureSchema,
  413: ZMiniAppFailureSchema,
  415: ZMiniAppFailureSchema,
  429: ZMiniAppFailureSchema,
};

/** An answer sent as it is: the value with `status`, or the refusal with its own (a pace's with Retry-After). */
export function sendAnswer<T, R>(reply: FastifyReply, answer: Answer<T, R>, status = 200) {
  if (answer.ok) return reply.status(status).send(answer.value);
  if (answer.status === 429) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
  return reply.status(answer.status).send(answer.refusal);
}

/** Calls a service for the token's client (asClient). */
export type ClientCall<S> = <T>(
  request: FastifyRequest,
  call: (service: S, clientId: number) => Promise<T>,
) => Promise<T>;

/**
 * The call for the token's client, through the service its changes go through: the live one, or for a staff
 * preview in dry run the one whose changes are rolled back (given the preview's session).
 */
export function asClient<S>(live: S, dryRun: (previewSession: string) => S): ClientCall<S> {
  return (request, call) => {
    const claims = currentClient(request);
    return call(claims.dryRun ? dryRun(claims.previewSession ?? "") : live, claims.clientId);
  };
}
