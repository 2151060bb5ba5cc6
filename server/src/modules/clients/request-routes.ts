import {
  ZIdParamsSchema,
  ZRegistrationRequestSchema,
  ZRegistrationRequestUpdateSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RequestService } from "./request-service.ts";

const read = { access: "clients.read" } as const;
const write = { access: "clients.write" } as const;

/** Registration requests from the bot, confirmed or refused here. */
export const requestRoutes: FastifyPluginAsyncZod<{ requests: RequestService }> = async (
  app,
  { requests },
) => {
  app.get(
    "/profiles/registration-requests/",
    { config: read, schema: { response: { 200: z.array(ZRegistrationRequestSchema) } } },
    () => requests.list(),
  );
  app.get(
    "/profiles/registration-requests/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZRegistrationRequestSchema } } },
    (request) => requests.get(request.params.id),
  );
  app.put(
    "/profiles/registration-requests/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZRegistrationRequestUpdateSchema,
        response: { 200: ZRegistrationRequestSchema },
      },
    },
    (request) => requests.update(request.params.id, request.body),
  );
};
