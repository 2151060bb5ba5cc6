// `npm run dev`: the API with reload on change (tsx watch) and the web app through Vite's dev server on
// :5173, which proxies /api to the API.
import { spawn } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const children = [
  spawn("npx", ["tsx", "watch", "server/src/main.ts"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && process.exit(code));
