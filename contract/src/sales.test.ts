import { describe, expect, it } from "vitest";
import { ORGANIZATION_NAME_UNSET as NO_ORGANIZATION } from "./clients.ts";
import { clientDisplayName } from "./sales.ts";

const client = (organization_name: string, nickname: string, offline = false) => ({
  id: 7,
  organization_name,
  nickname,
  offline,
});

describe("clientDisplayName: one way to read a client everywhere", () => {
  it("reads «Организация (Имя)»", () => {
    expect(clientDisplayName(client("ООО Ромашка", "Елена Смирнова"))).toBe("ООО Ромашка (Елена Смирнова)");
  });

  it("reads the name alone without an organization, the «Не указано» placeholder included", () => {
    expect(clientDisplayName(client(NO_ORGANIZATION, "Елена Смирнова"))).toBe("Елена Смирнова");
    expect(clientDisplayName(client(" ", "Елена Смирнова"))).toBe("Елена Смирнова");
  });

  it("falls back to the organization without a name", () => {
    expect(clientDisplayName(client("ООО Ромашка", " "))).toBe("ООО Ромашка");
  });

  it("reads an offline client by name, and «Клиент #id» when nothing is known", () => {
    expect(clientDisplayName(client("ООО Ромашка", "Елена", true))).toBe("Елена");
    expect(clientDisplayName(client(NO_ORGANIZATION, ""))).toBe("Клиент #7");
  });
});
