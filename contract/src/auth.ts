import { z } from "./zod-ru.ts";

/** The sign-in; the login form checks it with these messages, the spec's («Email» is what staff know it as). */
export const ZTokenRequestSchema = z.object({
  username: z.string().trim().min(1, "Email обязателен").max(150),
  password: z.string().min(1, "Пароль обязателен").max(128),
});
export type TTokenRequest = z.infer<typeof ZTokenRequestSchema>;

export const ZTokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPairSchema>;

export const ZTokenRefreshRequestSchema = z.object({ refresh: z.string().min(1).max(4096) });
export type TTokenRefreshRequest = z.infer<typeof ZTokenRefreshRequestSchema>;

export const ZTokenRefreshResponseSchema = z.object({ access: z.string() });
export type TTokenRefreshResponse = z.infer<typeof ZTokenRefreshResponseSchema>;

export const ZTokenVerifyRequestSchema = z.object({ token: z.string().min(1).max(4096) });
export type TTokenVerifyRequest = z.infer<typeof ZTokenVerifyRequestSchema>;

/** The `code` of a 401 for a token that is expired, forged, revoked or of the wrong kind. */
export const TOKEN_NOT_VALID = "token_not_valid";
