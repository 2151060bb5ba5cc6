import { badRequest } from "../../http/errors.ts";
import { createClaim } from "../claims/index.ts";
import { type Answer, refused } from "./answers.ts";
import { type RequestOrdering, standing, type Write } from "./request-ordering.ts";

/** A claim, as the bot files it, for the back-office's «Претензии»; the claim's own refusal is a 400. */
export async function fileClaim(
  { ordering, write }: { ordering: RequestOrdering; write: Write },
  clientId: number,
  text: string,
): Promise<Answer<{ detail: string }>> {
  const { found } = await standing(ordering, clientId);
  if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
  const filed = await write((on) => createClaim(on, { clientId, text }));
  if (!filed.ok) throw badRequest(filed.message);
  return { ok: true, value: { detail: "Претензия принята. Менеджер свяжется с вами." } };
}
