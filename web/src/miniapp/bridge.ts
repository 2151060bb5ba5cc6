/**
 * The few Telegram bridge calls the page makes, without telegram-web-app.js (our CSP loads scripts from our
 * own origin only): mobile clients take `TelegramWebviewProxy.postEvent`, web clients a message to the parent
 * frame; events come back through `window.Telegram.WebView.receiveEvent` or messages. Outside Telegram (a
 * browser, the tests) every call does nothing.
 */
type Listener = (data: unknown) => void;

declare global {
  interface Window {
    TelegramWebviewProxy?: { postEvent(type: string, data: string): void };
    Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
  }
}

const listeners = new Map<string, Set<Listener>>();

function dispatch(type: string, data: unknown) {
  for (const listener of listeners.get(type) ?? []) listener(data);
}

window.Telegram = window.Telegram ?? {};
window.Telegram.WebView = window.Telegram.WebView ?? {};
window.Telegram.WebView.receiveEvent = dispatch;
window.addEventListener("message", (event) => {
  if (typeof event.data !== "string" || !/^https:\/\/([a-z0-9-]+\.)*web\.telegram\.org$/.test(event.origin))
    return;
  try {
    const { eventType, eventData } = JSON.parse(event.data) as { eventType?: string; eventData?: unknown };
    if (eventType) dispatch(eventType, eventData);
  } catch {
    // Not a Telegram event.
  }
});

export function postEvent(type: string, data: Record<string, unknown> = {}): void {
  if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(type, JSON.stringify(data));
  else if (window.parent !== window)
    window.parent.postMessage(
      JSON.stringify({ eventType: type, eventData: data }),
      "https://web.telegram.org",
    );
}

export function onEvent(type: string, listener: Listener): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(type, set);
  return () => set.delete(listener);
}

export const haptic = {
  tap: () => postEvent("web_app_trigger_haptic_feedback", { type: "impact", impact_style: "light" }),
  success: () =>
    postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: "success" }),
  error: () =>
    postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: "error" }),
};

/** Telegram's MainButton under the page: hidden when `text` is null. */
export function setMainButton(
  text: string | null,
  colours: { color?: string; textColor?: string } = {},
): void {
  postEvent("web_app_setup_main_button", {
    is_visible: text !== null,
    is_active: text !== null,
    text: text ?? "",
    color: colours.color,
    text_color: colours.textColor,
  });
}

export const setBackButton = (visible: boolean) =>
  postEvent("web_app_setup_back_button", { is_visible: visible });
