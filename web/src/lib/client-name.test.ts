import { describe, expect, it } from "vitest";
import { clientName } from "./client-name.ts";

const client = { id: 7, nickname: "Елена Смирнова", organization_name: "ООО Ромашка" };

describe("clientName", () => {
  it("reads «Организация (Имя)»", () => {
    expect(clientName(client)).toBe("ООО Ромашка (Елена Смирнова)");
  });

  it("reads just the name without an organization, the placeholder «Не указано» included", () => {
    expect(clientName({ ...client, organization_name: "Не указано" })).toBe("Елена Смирнова");
    expect(clientName({ ...client, organization_name: "  " })).toBe("Елена Смирнова");
    expect(clientName({ ...client, offline: true })).toBe("Елена Смирнова");
  });

  it("falls back to the organization, then to the id", () => {
    expect(clientName({ ...client, nickname: "" })).toBe("ООО Ромашка");
    expect(clientName({ id: 7, nickname: " ", organization_name: "Не указано" })).toBe("Клиент #7");
  });
});
