import { normalizePhone } from "./phone.ts";
import { z } from "./zod-ru.ts";

/** Client types as the bot and the spec code them. */
export const CLIENT_TYPE_LARGE = 2;
export const CLIENT_TYPE_SMALL = 3;
/** The longest client or organization name (the columns are varchar(200)); the bot refuses longer ones too. */
export const CLIENT_NAME_MAX_LENGTH = 200;
export type TClientType = typeof CLIENT_TYPE_LARGE | typeof CLIENT_TYPE_SMALL;
export const ZClientTypeSchema = z.union([z.literal(CLIENT_TYPE_LARGE), z.literal(CLIENT_TYPE_SMALL)]);

/**
 * Client entities read by other areas too (the catalogue's "Available to clients" tab, orders, messages).
 * The clients area owns their endpoints under /api/profiles/.
 */
export const ZClientGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surcharge: z.number(),
  is_active: z.boolean(),
});
export type TClientGroup = z.infer<typeof ZClientGroupSchema>;

export const ZTransportationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  tg_id: z.number().int().nullable(),
});
export type TTransportation = z.infer<typeof ZTransportationSchema>;

export const ZAccessRulesSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  all_prices: z.array(z.string()),
  banned_brands: z.array(z.string()),
  total_limit: z.number().nullable(),
});
export type TAccessRules = z.infer<typeof ZAccessRulesSchema>;

export const ZClientSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int().nullable(),
  telegram_username: z.string().nullable(),
  phone_number: z.string().nullable(),
  organization: z.number().int().nullable(),
  organization_name: z.string(),
  nickname: z.string(),
  offline: z.boolean(),
  group: z.number().int().nullable(),
  transportation: z.number().int().nullable(),
  client_type: ZClientTypeSchema.nullable(),
  is_active: z.boolean(),
  banned: z.boolean(),
  permanent_banned: z.boolean(),
  suspicious: z.boolean(),
  allowed_price: z.boolean(),
  allowed_price_w_markup: z.boolean(),
  client_small_wholesale: z.boolean(),
  client_large_wholesale: z.boolean(),
  accessrules: ZAccessRulesSchema.nullable(),
  /** When Telegram said the client blocked the bot; messages are not sent to them until they write again. */
  telegram_unreachable_at: z.string().nullable().optional(),
});
export type TClient = z.infer<typeof ZClientSchema>;

/** The client lists' tabs (part 2, 2.6, tabs 1-7), filtered on the server; tab 0 is clients/active/. */
export const CLIENT_TABS = [
  "small",
  "large",
  "active",
  "inactive",
  "suspicious",
  "banned",
  "permanent_banned",
] as const;
export const ZClientTabSchema = z.enum(CLIENT_TABS);
export type TClientTab = z.infer<typeof ZClientTabSchema>;

export const ZClientListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /** Case-insensitive substring of nickname, organization_name, telegram_username or phone_number. */
  search: z.string().trim().max(200).optional(),
  tab: ZClientTabSchema.optional(),
});
export type TClientListQuery = z.input<typeof ZClientListQuerySchema>;
export type TClientListParams = z.output<typeof ZClientListQuerySchema>;

export const ORGANIZATION_NAME_UNSET = "Не указано";
/** The client edit dialog's message for a required field (part 2, section 5). */
export const REQUIRED_MESSAGE = "Required.";

const ZBrandNamesSchema = z.array(z.string().trim().min(1).max(200)).max(1000);
const ZTotalLimitSchema = z.number().min(0).max(999_999_999_999).nullable();

export const ZAccessRulesUpdateSchema = z.object({
  all_prices: ZBrandNamesSchema,
  banned_brands: ZBrandNamesSchema,
  total_limit: ZTotalLimitSchema,
});
export type TAccessRulesUpdate = z.infer<typeof ZAccessRulesUpdateSchema>;

/**
 * PUT clients/{id}/: every field is optional, so a status toggle sends just its flag and the edit dialog
 * sends what it shows. `accessrules` updates the client's access rules in the same transaction.
 */
export const ZClientUpdateSchema = z
  .object({
    nickname: z.string().trim().min(1, REQUIRED_MESSAGE).max(CLIENT_NAME_MAX_LENGTH),
    telegram_username: z.string().trim().max(64).nullable(),
    /** Stored as normalizePhone writes it (+79123456789), as the bot's registration stores it. */
    phone_number: z
      .string()
      .trim()
      .max(32)
      .refine(
        (v) => v === "" || normalizePhone(v) !== null,
        "Введите номер телефона, например +7 912 345-67-89",
      )
      .nullable(),
    organization: z.number().int().positive().nullable(),
    /** Empty becomes "Не указано". */
    organization_name: z.string().trim().max(CLIENT_NAME_MAX_LENGTH),
    offline: z.boolean(),
    group: z.number().int().positive().nullable(),
    transportation: z.number().int().positive().nullable(),
    client_type: ZClientTypeSchema.nullable(),
    is_active: z.boolean(),
    banned: z.boolean(),
    permanent_banned: z.boolean(),
    suspicious: z.boolean(),
    allowed_price: z.boolean(),
    allowed_price_w_markup: z.boolean(),
    client_small_wholesale: z.boolean(),
    client_large_wholesale: z.boolean(),
    accessrules: ZAccessRulesUpdateSchema,
  })
  .partial();
export type TClientUpdate = z.infer<typeof ZClientUpdateSchema>;

/**
 * The add-client-from-request dialog: the four fields are required (part 2, section 5). A confirmed client
 * may see prices unless staff untick it (`allowed_price`, default on: a client who sees none cannot judge an
 * order); prices with the group's markup stay off unless ticked, as in the client dialog.
 */
export const ZAddClientSchema = z.object({
  nickname: z
    .string({ error: "Имя обязательно" })
    .trim()
    .min(1, "Имя обязательно")
    .max(CLIENT_NAME_MAX_LENGTH),
  group: z.number({ error: "Группа клиента обязательна" }).int().positive(),
  transportation: z.number({ error: "Направление обязательно" }).int().positive(),
  client_type: z.union([z.literal(CLIENT_TYPE_LARGE), z.literal(CLIENT_TYPE_SMALL)], {
    error: "Объем закупки обязателен",
  }),
  allowed_price: z.boolean().default(true),
  allowed_price_w_markup: z.boolean().default(false),
});
export type TAddClient = z.infer<typeof ZAddClientSchema>;

/**
 * A registration request as the «Заявки» tab lists it. `client` holds the bot's answers: its `client_type` is
 * the volume the client chose (Малый опт / Крупный опт), which the confirmation starts from, and `created_at`
 * is when the request came.
 */
export const ZRegistrationRequestSchema = z.object({
  id: z.number().int(),
  client: ZClientSchema,
  confirmed: z.boolean(),
  deleted: z.boolean(),
  created_at: z.string(),
});
export type TRegistrationRequest = z.infer<typeof ZRegistrationRequestSchema>;

/**
 * PUT registration-requests/{id}/: `confirmed: true` with `client` adds the client from the request;
 * `deleted: true` drops the request from the list.
 */
export const ZRegistrationRequestUpdateSchema = z
  .object({
    confirmed: z.boolean().optional(),
    deleted: z.boolean().optional(),
    client: ZAddClientSchema.optional(),
  })
  .refine((r) => !r.confirmed || r.client !== undefined, {
    message: "Укажите данные клиента",
    path: ["client"],
  })
  .refine((r) => r.confirmed || r.deleted, {
    message: "Укажите confirmed или deleted",
    path: ["confirmed"],
  });
export type TRegistrationRequestUpdate = z.infer<typeof ZRegistrationRequestUpdateSchema>;

const ZNameSchema = z.string().trim().min(1).max(200);

// Update schemas are the create fields without defaults: an omitted field keeps its stored value.
const groupFields = { name: ZNameSchema, surcharge: z.number().positive().max(9999), is_active: z.boolean() };
export const ZClientGroupCreateSchema = z.object({
  ...groupFields,
  surcharge: groupFields.surcharge.default(1),
  is_active: groupFields.is_active.default(true),
});
export type TClientGroupCreate = z.infer<typeof ZClientGroupCreateSchema>;
export const ZClientGroupUpdateSchema = z.object(groupFields).partial();
export type TClientGroupUpdate = z.infer<typeof ZClientGroupUpdateSchema>;

const ZTelegramChatIdSchema = z.number().int().min(-9_007_199_254_740_991).max(9_007_199_254_740_991);

const transportationFields = {
  name: ZNameSchema,
  is_active: z.boolean(),
  tg_id: ZTelegramChatIdSchema.nullable(),
};
export const ZTransportationCreateSchema = z.object({
  ...transportationFields,
  is_active: transportationFields.is_active.default(true),
  tg_id: transportationFields.tg_id.default(null),
});
export type TTransportationCreate = z.infer<typeof ZTransportationCreateSchema>;
export const ZTransportationUpdateSchema = z.object(transportationFields).partial();
export type TTransportationUpdate = z.infer<typeof ZTransportationUpdateSchema>;

export const ZClientRefSchema = z.object({ id: z.number().int(), nickname: z.string() });
export type TClientRef = z.infer<typeof ZClientRefSchema>;

/** HH:MM or HH:MM:SS. */
const ZTimeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Ожидается время в формате ЧЧ:ММ");

export const ZCollectionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** HH:MM:SS; the screen shows the first five characters. */
  start_collect_time: z.string(),
  is_active: z.boolean(),
  clients: z.array(ZClientRefSchema),
});
export type TCollectionGroup = z.infer<typeof ZCollectionGroupSchema>;

const collectionGroupFields = {
  name: ZNameSchema,
  start_collect_time: ZTimeOfDaySchema,
  client_ids: z.array(z.number().int().positive()).max(10_000),
  is_active: z.boolean(),
};
export const ZCollectionGroupCreateSchema = z.object({
  ...collectionGroupFields,
  client_ids: collectionGroupFields.client_ids.default([]),
  /** Active on creation unless told otherwise. */
  is_active: collectionGroupFields.is_active.default(true),
});
export type TCollectionGroupCreate = z.infer<typeof ZCollectionGroupCreateSchema>;
export const ZCollectionGroupUpdateSchema = z.object(collectionGroupFields).partial();
export type TCollectionGroupUpdate = z.infer<typeof ZCollectionGroupUpdateSchema>;

export const ZManagerSchema = z.object({ id: z.number().int(), username: z.string() });
export type TManager = z.infer<typeof ZManagerSchema>;

export const ZOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  manager: ZManagerSchema.nullable(),
  manager_id: z.number().int().nullable(),
  clients_count: z.number().int(),
  /** The client bot's invitation link into this organization; null when no bot username is configured. */
  telegram_link: z.string().nullable(),
});
export type TOrganization = z.infer<typeof ZOrganizationSchema>;

/** Both are required (part 2, section 5). */
export const ZOrganizationWriteSchema = z.object({
  name: ZNameSchema,
  manager_id: z.number({ error: "Выберите менеджера" }).int().positive(),
});
export type TOrganizationWrite = z.infer<typeof ZOrganizationWriteSchema>;

/** POST /api/sales/send-orders/: exactly one target. */
export const ZSendOrdersSchema = z
  .object({
    telegram_id: ZTelegramChatIdSchema.optional(),
    group_id: z.number().int().positive().optional(),
    transportation_id: z.number().int().positive().optional(),
  })
  .refine(
    (r) => [r.telegram_id, r.group_id, r.transportation_id].filter((v) => v !== undefined).length === 1,
    { message: "Укажите ровно одно из: telegram_id, group_id, transportation_id", path: ["telegram_id"] },
  );
export type TSendOrders = z.infer<typeof ZSendOrdersSchema>;

export const ZSendOrdersResultSchema = z.object({
  /** Messages queued: one per targeted client with a Telegram chat and orders today. */
  queued: z.number().int(),
  /** Targeted clients without a Telegram chat or without orders today. */
  skipped: z.number().int(),
});
export type TSendOrdersResult = z.infer<typeof ZSendOrdersResultSchema>;
