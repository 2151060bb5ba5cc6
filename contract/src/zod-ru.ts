import { z } from "zod";

/**
 * Russian messages for every validation error, shared by the server (API `errors`) and the web (forms).
 * Zod's own Russian locale is the fallback; the cases staff meet most often get shorter wording.
 */
const ru = z.locales.ru().localeError;

z.config({
  localeError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Обязательное поле";
    if (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) {
      return "Обязательное поле";
    }
    if (issue.code === "too_big" && issue.origin === "string") {
      return `Не более ${issue.maximum} символов`;
    }
    if (issue.code === "too_small" && issue.origin === "string") {
      return `Не менее ${issue.minimum} символов`;
    }
    return ru?.(issue);
  },
});

export { z };
