import { afterEach, describe, expect, it } from "vitest";
import { contrastRatio } from "./contrast.ts";
import { applyTheme, readLaunchParams } from "./launch.ts";

afterEach(() => sessionStorage.clear());

describe("launch parameters", () => {
  it("are read from the hash as Telegram passes them, and kept for a reload without the hash", () => {
    const data = "query_id=AAH1&user=%7B%22id%22%3A1%7D&auth_date=1700000000&hash=abc";
    const hash = new URLSearchParams({
      tgWebAppData: data,
      tgWebAppVersion: "8.0",
      tgWebAppPlatform: "tdesktop",
      tgWebAppThemeParams: JSON.stringify({ bg_color: "#17212b", button_color: "#5288c1", evil: "red;}" }),
    });
    const launch = readLaunchParams(`#${hash}`);
    expect(launch).toEqual({
      initData: data,
      version: "8.0",
      platform: "tdesktop",
      theme: { bg_color: "#17212b", button_color: "#5288c1" },
    });
    expect(readLaunchParams("")).toEqual(launch);
    applyTheme(launch?.theme ?? {});
    expect(document.documentElement.style.getPropertyValue("--tg-bg-color")).toBe("#17212b");
  });

  it("are absent outside Telegram", () => {
    expect(readLaunchParams("#/somewhere")).toBeNull();
  });
});

describe("the theme's colours", () => {
  const variable = (name: string) => document.documentElement.style.getPropertyValue(`--tg-${name}`);
  afterEach(() => document.documentElement.removeAttribute("style"));

  it("are kept where they read, and text colours that would not read on the theme's backgrounds are made to", () => {
    // Telegram's light theme: hint #999999 (2.8 : 1 on white), link and button #2481cc (4.1 : 1).
    applyTheme({
      bg_color: "#ffffff",
      text_color: "#000000",
      hint_color: "#999999",
      link_color: "#2481cc",
      button_color: "#2481cc",
      button_text_color: "#ffffff",
      secondary_bg_color: "#f1f1f1",
    });
    expect(variable("bg-color")).toBe("#ffffff");
    expect(variable("text-color")).toBe("#000000");
    for (const [name, against] of [
      ["hint-color", ["#ffffff", "#f1f1f1"]],
      ["link-color", ["#ffffff", "#f1f1f1"]],
      ["button-color", ["#ffffff"]],
    ] as const) {
      const colour = variable(name);
      for (const background of against) expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
    }
    // Darkened, not replaced: the link stays blue.
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(variable("link-color").slice(at, at + 2), 16));
    expect(b).toBeGreaterThan(Math.max(r ?? 255, g ?? 255));
  });

  it("on a dark theme are lightened", () => {
    applyTheme({ bg_color: "#17212b", hint_color: "#708499", secondary_bg_color: "#232e3c" });
    const hint = variable("hint-color");
    expect(contrastRatio(hint, "#17212b")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(hint, "#ffffff")).toBeLessThan(contrastRatio("#708499", "#ffffff") ?? 0);
  });

  it("on a dark theme fill «Удалить» with a destructive colour that holds its white text", () => {
    applyTheme({ bg_color: "#17212b", secondary_bg_color: "#232e3c", destructive_text_color: "#ec3942" });
    expect(contrastRatio(variable("destructive-text-color"), "#17212b")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variable("destructive-button-color"), "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
