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

/** Telegram's theme colours as the page's CSS variables (styles.css falls back to a light theme). */
export function applyTheme(theme: ThemeParams): void {
  const style = document.documentElement.style;
  for (const [name, colour] of Object.entries(theme))
    style.setProperty(`--tg-${name.replaceAll("_", "-")}`, colour);
}
