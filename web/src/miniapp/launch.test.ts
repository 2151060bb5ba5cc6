import { afterEach, describe, expect, it } from "vitest";
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
