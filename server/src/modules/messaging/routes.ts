import {
  PHOTO_MAX_BYTES,
  ZClientMessageListQuerySchema,
  ZClientMessageScheduleSchema,
  ZClientMessageSchema,
  ZClientMessageSendFieldsSchema,
  ZIdParamsSchema,
  ZRecipientCountQuerySchema,
  ZRecipientCountSchema,
  z,
} from "@wholesale/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../http/errors.ts";
import { wholeFile } from "../../http/multipart.ts";
import type { MessageService, Photo } from "./message-service.ts";

type Services = { messages: MessageService };

const send = { access: "messaging.send" } as const;

/** A zod failure as the API's 400: a Russian detail and per-field messages. */
function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join(".") || "body";
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  const [field, messages] = Object.entries(errors)[0] ?? ["body", ["Некорректное значение"]];
  throw badRequest(`Некорректные данные: ${field}: ${messages[0]}`, errors);
}

/** The multipart body of "send now": text fields and an optional `photo` file, at most PHOTO_MAX_BYTES. */
async function readSendForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; photo: Photo | null }> {
  const fields: Record<string, string> = {};
  let photo: Photo | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: PHOTO_MAX_BYTES } })) {
      if (part.type === "file") {
        if (part.fieldname !== "photo") throw badRequest("Файл принимается только в поле photo");
        const data = await wholeFile(request, part);
        // An empty file input is sent by some browsers as a nameless, empty part: no photo.
        if (data.length > 0) photo = { data, name: part.filename || "photo" };
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw badRequest("Фото больше 10 МБ", { photo: ["Фото больше 10 МБ"] });
    }
    throw error;
  }
  request.activity.body = {
    ...fields,
    ...(photo ? { photo: { name: photo.name, size: photo.data.length } } : {}),
  };
  return { fields, photo };
}

/** Messages to clients (/api/messaging/to-clients/…). */
export const messagingRoutes: FastifyPluginAsyncZod<Services> = async (app, { messages }) => {
  app.get(
    "/messaging/to-clients/",
    {
      config: send,
      schema: {
        querystring: ZClientMessageListQuerySchema,
        response: { 200: z.array(ZClientMessageSchema) },
      },
    },
    (request) => messages.list(request.query),
  );
  app.get(
    "/messaging/to-clients/recipients/",
    {
      config: send,
      schema: { querystring: ZRecipientCountQuerySchema, response: { 200: ZRecipientCountSchema } },
    },
    async (request) => ({ count: await messages.recipientCount(request.query) }),
  );
  app.get(
    "/messaging/to-clients/:id/",
    { config: send, schema: { params: ZIdParamsSchema, response: { 200: ZClientMessageSchema } } },
    (request) => messages.get(request.params.id),
  );
  // Multipart sends now; JSON schedules (the spec's two shapes of one call).
  app.post(
    "/messaging/to-clients/",
    { config: send, schema: { response: { 201: ZClientMessageSchema } } },
    async (request, reply) => {
      const accountId = request.account?.id ?? null;
      if (request.isMultipart()) {
        const { fields, photo } = await readSendForm(request);
        const input = parseOrThrow(ZClientMessageSendFieldsSchema, fields);
        return reply.status(201).send(await messages.sendNow(input, photo, accountId));
      }
      const input = parseOrThrow(ZClientMessageScheduleSchema, request.body ?? {});
      return reply.status(201).send(await messages.schedule(input, accountId));
    },
  );
  app.delete(
    "/messaging/to-clients/:id/",
    { config: send, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await messages.remove(request.params.id);
      return reply.status(204).send();
    },
  );
};
