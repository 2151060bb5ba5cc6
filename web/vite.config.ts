import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleReport } from "./vite-bundle-report.ts";
import { precompress } from "./vite-precompress.ts";

export default defineConfig({
  plugins: [react(), precompress(), bundleReport()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // Two pages: the back-office, and the Telegram Mini App at /app/ (its own first load, shares no MUI).
      input: { main: "index.html", app: "app/index.html" },
      output: {
        // The framework changes rarely; keeping it apart lets browsers cache it across releases. MUI is
        // left to Rollup's splitting: forced into one chunk (through its barrel) it carried every component
        // any section uses into the login screen.
        // The router has a chunk of its own so that the Mini App, which has no routes, does not download it
        // (named packages put react itself into the router's chunk: matched by path instead).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return "react";
          if (/node_modules\/react-router\//.test(id)) return "react-router";
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
