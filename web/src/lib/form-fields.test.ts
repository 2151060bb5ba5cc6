import { ZAddClientSchema, ZClientGroupCreateSchema, ZTransportationCreateSchema } from "@wholesale/contract";
import { describe, expect, it } from "vitest";
import { idFromSelect, numberFromText } from "./form-fields.ts";

describe("numberFromText", () => {
  const surcharge = numberFromText(ZClientGroupCreateSchema.shape.surcharge);

  it("reads a comma as the decimal point; a blank box takes the contract's default", () => {
    expect(surcharge.parse("1,25")).toBe(1.25);
    expect(surcharge.parse(" ")).toBe(1);
    expect(numberFromText(ZTransportationCreateSchema.shape.tg_id).parse("")).toBeNull();
  });

  it("leaves the verdict to the contract's field", () => {
    expect(surcharge.safeParse("-2").success).toBe(false);
    expect(surcharge.safeParse("два").success).toBe(false);
  });
});

describe("idFromSelect", () => {
  it("turns the empty choice into what the request means by it, with the contract's message", () => {
    const group = idFromSelect(ZAddClientSchema.shape.group, undefined);
    expect(group.parse(4)).toBe(4);
    expect(group.safeParse("").error?.issues[0]?.message).toBe("Группа клиента обязательна");
  });

  it("passes a union's own message on as the only one, not its branches'", () => {
    const volume = idFromSelect(ZAddClientSchema.shape.client_type, undefined);
    expect(volume.parse(3)).toBe(3);
    expect(volume.safeParse("").error?.issues.map((i) => i.message)).toEqual(["Объем закупки обязателен"]);
  });
});
