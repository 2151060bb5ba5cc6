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
      output: {
        // The framework changes rarely; keeping it apart lets browsers cache it across releases. MUI is
        // left to Rollup's splitting: forced into one chunk (through its barrel) it carried every component
        // any section uses into the login screen.
        manualChunks: { react: ["react", "react-dom", "react-router"] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
