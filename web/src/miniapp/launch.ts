import { readableOn } from "./contrast.ts";

/**
 * Telegram's launch parameters, read from the URL hash as Telegram passes them (`tgWebAppData`,
 * `tgWebAppVersion`, `tgWebAppPlatform`, `tgWebAppThemeParams`). A small reader instead of the official SDK:
 * the page needs these four values and a few bridge events (bridge.ts), and the SDK would spend a good part of
 * the 120 kB first-load budget. Kept in sessionStorage because the page may rewrite its hash, and a reload
 * inside Telegram keeps the session storage but not always the hash.
 */
export type ThemeParams = Partial<
  Record<
    | "bg_color"
    | "text_color"
    | "hint_color"
    | "link_color"
    | "button_color"
    | "button_text_color"
    | "secondary_bg_color"
    | "destructive_text_color",
    string
  >
>;

export type LaunchParams = {
  initData: string;
  /** Staff opening the page as a client from the bot preview: a client token instead of launch data. */
  previewToken?: string;
  version: string;
  platform: string;
  theme: ThemeParams;
};

const KEY = "miniapp-launch";

function parseTheme(raw: string | null): ThemeParams {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return {};
    const theme: Record<string, string> = {};
    for (const [k, v] of Object.entries(value))
      if (typeof v === "string" && /^#[0-9a-f]{3,8}$/i.test(v)) theme[k] = v;
    return theme;
  } catch {
    return {};
  }
}

export function readLaunchParams(hash = window.location.hash): LaunchParams | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const initData = params.get("tgWebAppData");
  if (initData) {
    const launch = {
      initData,
      version: params.get("tgWebAppVersion") ?? "",
      platform: params.get("tgWebAppPlatform") ?? "unknown",
      theme: parseTheme(params.get("tgWebAppThemeParams")),
    };
    sessionStorage.setItem(KEY, JSON.stringify(launch));
    return launch;
  }
  const previewToken = params.get("previewToken");
  if (previewToken) {
    const launch = { initData: "", previewToken, version: "", platform: "preview", theme: {} };
    sessionStorage.setItem(KEY, JSON.stringify(launch));
    return launch;
  }
  const kept = sessionStorage.getItem(KEY);
  return kept ? (JSON.parse(kept) as LaunchParams) : null;
}

/** The text of a filled «Удалить» button (styles.css's `button.destructive`). */
const DESTRUCTIVE_BUTTON_TEXT = "#ffffff";

/** styles.css's light theme, what Telegram's colours are judged against when its theme leaves a background out. */
const PAGE_BACKGROUNDS = { bg_color: "#ffffff", secondary_bg_color: "#f0f0f0" };

/**
 * Telegram's theme colours as the page's CSS variables (styles.css falls back to a light theme). Text colours
 * that would not read on the theme's backgrounds (WCAG AA, 4.5 : 1) are made to (contrast.ts), and so is a
 * button colour under its own text.
 */
export function applyTheme(theme: ThemeParams): void {
  const backgrounds = [
    theme.bg_color ?? PAGE_BACKGROUNDS.bg_color,
    theme.secondary_bg_color ?? PAGE_BACKGROUNDS.secondary_bg_color,
  ];
  const readable: ThemeParams = { ...theme };
  for (const name of ["text_color", "hint_color", "link_color", "destructive_text_color"] as const) {
    const colour = theme[name];
    if (colour) readable[name] = readableOn(colour, backgrounds);
  }
  if (theme.button_color)
    readable.button_color = readableOn(theme.button_color, [theme.button_text_color ?? "#ffffff"]);
  const style = document.documentElement.style;
  for (const [name, colour] of Object.entries(readable))
    style.setProperty(`--tg-${name.replaceAll("_", "-")}`, colour);
  // A «Удалить» button is filled with the destructive colour under white text: a dark theme's destructive
  // colour, lightened to read on its background, would not hold white text, so the fill is judged on its own.
  if (theme.destructive_text_color)
    style.setProperty(
      "--tg-destructive-button-color",
      readableOn(theme.destructive_text_color, [DESTRUCTIVE_BUTTON_TEXT]),
    );
}
