import type { TError } from "@wholesale/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/connection-loss.ts";

/** Machine codes of API errors, each with its HTTP status: the one place the mapping lives. */
const STATUS_BY_CODE = {
  bad_request: 400,
  validation_error: 400,
  not_authenticated: 401,
  authentication_failed: 401,
  token_not_valid: 401,
  permission_denied: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  server_error: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error type services throw; the handler below turns it into `{detail, code, errors}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
    this.status = STATUS_BY_CODE[code];
  }
}

export const notFound = (detail = "Не найдено") => new AppError("not_found", detail);
export const conflict = (detail: string) => new AppError("conflict", detail);
export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new AppError("bad_request", detail, errors);
export const databaseUnavailable = () =>
  new AppError("unavailable", "База данных временно недоступна. Повторите попытку.");

/**
 * Runs a write whose name must be unique (a group, a brand, a product within its brand…): a duplicate is a
 * 409 with the message under the `name` field, as the error model answers every conflict with stored data.
 */
export async function uniqueName<T>(detail: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", detail, { name: [detail] });
    throw error;
  }
}

/** PostgreSQL error codes that bad input can still reach despite validation (races, unknown references). */
function fromDatabaseError(error: unknown): AppError | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) continue;
    switch (code) {
      case "23505":
        return conflict("Запись с такими данными уже существует");
      case "23503":
        return typeof detail === "string" && detail.includes("is still referenced")
          ? conflict("Запись используется в других данных и не может быть удалена")
          : badRequest("Связанная запись не найдена");
      case "23502":
      case "23514":
      case "22P02":
      case "22007":
      case "22008":
      // A NUL character or a lone surrogate in text (anyone can send one, even to the sign-in).
      case "22021":
      case "22P05":
        return badRequest("Некорректные данные");
      case "22001":
        return badRequest("Слишком длинное значение");
      case "22003":
        return badRequest("Число вне допустимого диапазона");
      case "40001":
      case "40P01":
        return conflict("Данные одновременно изменил другой запрос, повторите попытку");
    }
  }
  return undefined;
}

const FASTIFY_ERRORS: Record<string, () => AppError> = {
  FST_ERR_BAD_URL: () => badRequest("Некорректный адрес запроса"),
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError("uri_too_long", "Слишком длинный адрес запроса"),
  FST_ERR_CTP_INVALID_JSON_BODY: () => badRequest("Некорректный JSON в теле запроса"),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => badRequest("Пустое тело запроса"),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError("payload_too_large", "Слишком большой запрос"),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError("unsupported_media_type", "Неподдерживаемый тип содержимого запроса"),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => badRequest("Некорректная длина запроса"),
  FST_REQ_FILE_TOO_LARGE: () => new AppError("payload_too_large", "Файл слишком большой"),
  FST_FILES_LIMIT: () => badRequest("Слишком много файлов"),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => badRequest("Ожидается multipart/form-data"),
};

/**
 * What @fastify/busboy throws or emits for a multipart body it cannot read (no boundary, a boundary over 256
 * characters, a body cut short): plain errors with no code, told apart by their messages.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|The needle cannot .*|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/;

function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field =
        issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "body";
      errors[field] = [...(errors[field] ?? []), issue.message ?? "Некорректное значение"];
    }
    const summary = Object.entries(errors)
      .slice(0, 3)
      .map(([field, messages]) => `${field}: ${messages[0]}`)
      .join("; ");
    return new AppError("validation_error", `Некорректные данные: ${summary}`, errors);
  }
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return known();
  if (/^multipart\//i.test(request.headers["content-type"] ?? "") && MALFORMED_MULTIPART.test(error.message))
    return badRequest("Некорректный запрос multipart/form-data");
  // The request may succeed once the database is back: a load balancer or the web may try again.
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const database = fromDatabaseError(error);
  if (database) return database;
  if (error.statusCode === 429)
    return new AppError("rate_limited", "Слишком много запросов, попробуйте позже");
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError("bad_request", "Некорректный запрос");
  }
  return new AppError("server_error", "Внутренняя ошибка сервера");
}

export function errorBody(error: AppError): TError {
  return error.errors
    ? { detail: error.detail, code: error.code, errors: error.errors }
    : { detail: error.detail, code: error.code };
}

/**
 * Sends the error model as it is: serialized here, not by the route's response schema, so an error can never
 * fail a schema of the route (which Fastify would answer with its own English 500).
 */
function sendError(reply: FastifyReply, error: AppError) {
  return reply
    .status(error.status)
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(errorBody(error)));
}

/**
 * Every error of a request answers the error model with a Russian `detail`. A failure of the server's own (a
 * 5xx, or an answer that does not match its route's declared schema) is logged with its cause.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, "request failed");
    }
    return sendError(reply, appError);
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (an undecodable path, a path
 * parameter over its length), in the error model like every other error.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error, request);
  if (appError.status >= 500) request.log.error({ err: error }, "request failed");
  return sendError(reply, appError);
}

/** True when a database error (possibly wrapped by the ORM) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
