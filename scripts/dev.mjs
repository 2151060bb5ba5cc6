// `npm run dev`: the API with reload on change (tsx watch) and the web app through Vite's dev server on
// :5173, which proxies /api to the API. A developer's API serves its OpenAPI page at /api/docs (API_DOCS),
// which a deployment leaves off.
import { spawn } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const children = [
  spawn("npx", ["tsx", "watch", "server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { API_DOCS: "1", ...process.env },
  }),
  spawn("npm", ["run", "dev", "-w", "web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && process.exit(code));
