import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_PATH } from "./constants.ts";

/**
 * Headless Chromium as the browser tests and the benchmarks run it: no sandbox (a container's root), no GPU, and
 * none of its own traffic (updates, sync) beside what a test measures.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
