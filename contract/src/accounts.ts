import { ZPermissionSchema, ZRoleSchema } from "./permissions.ts";
import { z } from "./zod-ru.ts";

export const ZAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  is_office: z.boolean(),
  is_storehouse: z.boolean(),
  is_seller: z.boolean(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
});
export type TAccount = z.infer<typeof ZAccountSchema>;

/** The signed-in account, its role and the permissions the role grants (the web builds its menu from them). */
export const ZWhoAmISchema = ZAccountSchema.extend({
  role: ZRoleSchema,
  permissions: z.array(ZPermissionSchema),
});
export type TWhoAmI = z.infer<typeof ZWhoAmISchema>;

export const ZAccountListSchema = z.object({ results: z.array(ZAccountSchema) });
export type TAccountList = z.infer<typeof ZAccountListSchema>;

export const ONE_ROLE_MESSAGE = "Выберите ровно одну роль: Офис, Склад или Продажник";

const ZUsernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(150)
  .regex(/^[\p{L}\p{N}_.@+-]+$/u, "Только буквы, цифры и символы @ . + - _");

const roleFields = {
  is_office: z.boolean().default(false),
  is_storehouse: z.boolean().default(false),
  is_seller: z.boolean().default(false),
  /** Not in the spec's dialog; settable through the API by a superuser. */
  is_superuser: z.boolean().optional(),
  is_active: z.boolean().optional(),
};

const hasExactlyOneRole = (a: { is_office: boolean; is_storehouse: boolean; is_seller: boolean }) =>
  Number(a.is_office) + Number(a.is_storehouse) + Number(a.is_seller) === 1;

export const ZAccountCreateSchema = z
  .object({
    username: ZUsernameSchema,
    password: z.string().min(8).max(128),
    ...roleFields,
  })
  .refine(hasExactlyOneRole, { message: ONE_ROLE_MESSAGE, path: ["is_office"] });
export type TAccountCreate = z.input<typeof ZAccountCreateSchema>;

/** An empty (or absent) password keeps the old one. */
export const ZAccountUpdateSchema = z
  .object({
    username: ZUsernameSchema,
    password: z.union([z.literal(""), z.string().min(8).max(128)]).optional(),
    ...roleFields,
  })
  .refine(hasExactlyOneRole, { message: ONE_ROLE_MESSAGE, path: ["is_office"] });
export type TAccountUpdate = z.input<typeof ZAccountUpdateSchema>;

/** The methods the activity log records (reads are not logged). */
export const LOGGED_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

export const ZLogEntrySchema = z.object({
  id: z.number().int(),
  request_method: z.string(),
  timestamp: z.string(),
  path: z.string(),
  user: z.number().int().nullable(),
  status_code: z.number().int().nullable(),
  request_body: z.unknown(),
});
export type TLogEntry = z.infer<typeof ZLogEntrySchema>;

export const ZLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /** The moment the screen opened, so entries logged while scrolling do not shift the pages. */
  timestamp__lte: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), "Некорректная дата")
    .optional(),
  /** History filters: the account's id, the HTTP method, and a case-insensitive piece of the path. */
  user: z.coerce.number().int().min(1).optional(),
  request_method: z.enum(LOGGED_METHODS).optional(),
  path__icontains: z.string().trim().max(200).optional(),
});
export type TLogQuery = z.infer<typeof ZLogQuerySchema>;
