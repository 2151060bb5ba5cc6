import { describe, expect, it } from "vitest";
import { clientsWord, recipientsText } from "./recipients.ts";

describe("the recipients confirmation", () => {
  it("counts clients as Russian does", () => {
    const words = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 142].map((n) => `${n} ${clientsWord(n)}`);
    expect(words).toEqual([
      "0 клиентов",
      "1 клиент",
      "2 клиента",
      "4 клиента",
      "5 клиентов",
      "11 клиентов",
      "12 клиентов",
      "14 клиентов",
      "21 клиент",
      "22 клиента",
      "25 клиентов",
      "101 клиент",
      "111 клиентов",
      "142 клиента",
    ]);
  });

  it("names the audience while the number is counted, then both", () => {
    expect(recipientsText("клиенты малого опта", undefined)).toBe("Сообщение получат клиенты малого опта");
    expect(recipientsText("клиенты малого опта", 142)).toBe(
      "Сообщение получат 142 клиента: клиенты малого опта",
    );
  });
});
