import {
  paged,
  ZAccountCreateSchema,
  ZAccountListSchema,
  ZAccountSchema,
  ZAccountUpdateSchema,
  ZEmptySchema,
  ZIdParamsSchema,
  ZLogEntrySchema,
  ZLogQuerySchema,
  ZTokenPairSchema,
  ZTokenRefreshRequestSchema,
  ZTokenRefreshResponseSchema,
  ZTokenRequestSchema,
  ZTokenVerifyRequestSchema,
  ZWhoAmISchema,
} from "@wholesale/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAccount } from "../../http/auth.ts";
import { page } from "../../http/pagination.ts";
import type { AccountsService } from "./account-service.ts";
import type { AuthService } from "./auth-service.ts";
import type { LogService } from "./log-service.ts";

type Services = { auth: AuthService; accounts: AccountsService; log: LogService };

/** Token routes are public, so the activity log learns the account from the credentials or the token. */
const logAccount = (request: FastifyRequest) => (id: number) => {
  request.activity.userId = id;
};

/** Sign-in and tokens (/api/token/…): public, shaped like djangorestframework-simplejwt. */
export const tokenRoutes: FastifyPluginAsyncZod<Services> = async (app, { auth }) => {
  app.post(
    "/token/",
    {
      config: { access: "public" },
      schema: { body: ZTokenRequestSchema, response: { 200: ZTokenPairSchema } },
    },
    (request) => auth.signIn(request.body, request.ip, logAccount(request)),
  );
  app.post(
    "/token/refresh/",
    {
      config: { access: "public" },
      schema: { body: ZTokenRefreshRequestSchema, response: { 200: ZTokenRefreshResponseSchema } },
    },
    (request) => auth.refresh(request.body.refresh, logAccount(request)),
  );
  app.post(
    "/token/verify/",
    {
      config: { access: "public" },
      schema: { body: ZTokenVerifyRequestSchema, response: { 200: ZEmptySchema } },
    },
    (request) => auth.verify(request.body.token, logAccount(request)),
  );
};

/** Staff accounts and the activity log (/api/users/…). */
export const accountRoutes: FastifyPluginAsyncZod<Services> = async (app, { accounts, log }) => {
  app.get(
    "/users/whoiam/",
    { config: { access: "authenticated" }, schema: { response: { 200: ZWhoAmISchema } } },
    (request) => accounts.whoAmI(currentAccount(request)),
  );
  app.get(
    "/users/",
    { config: { access: "accounts.manage" }, schema: { response: { 200: ZAccountListSchema } } },
    () => accounts.list(),
  );
  app.post(
    "/users/register/",
    {
      config: { access: "accounts.manage" },
      schema: { body: ZAccountCreateSchema, response: { 201: ZAccountSchema } },
    },
    async (request, reply) => reply.status(201).send(await accounts.create(request.body)),
  );
  app.put(
    "/users/:id/",
    {
      config: { access: "accounts.manage" },
      schema: { params: ZIdParamsSchema, body: ZAccountUpdateSchema, response: { 200: ZAccountSchema } },
    },
    (request) => accounts.update(request.params.id, request.body, currentAccount(request)),
  );
  app.delete(
    "/users/:id/",
    { config: { access: "accounts.manage" }, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await accounts.remove(request.params.id, currentAccount(request));
      return reply.status(204).send();
    },
  );
  app.get(
    "/users/logs/",
    {
      config: { access: "log.read" },
      schema: { querystring: ZLogQuerySchema, response: { 200: paged(ZLogEntrySchema) } },
    },
    async (request) => {
      const { results, count } = await log.list(request.query);
      return page(request, { results, count, limit: request.query.limit, offset: request.query.offset });
    },
  );
};
