import { createHash } from "node:crypto";
import { chmodSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The one process that holds a DATA_DIR (the server, or a backup or restore while no server runs) listens on
 * a local socket beside the data: binding it is the lock, and connecting to it is how `npm run backup`
 * reaches a running server. A lock file with a pid would outlive a crash and, after a reboot, could name
 * another live process; a socket nobody answers is plainly stale. Only the data's owner can connect
 * (the socket is 0600; on Windows a named pipe).
 */
export function controlSocketPath(dataDir: string): string {
  const hash = createHash("sha256").update(dataDir).digest("hex").slice(0, 16);
  if (process.platform === "win32") return `\\\\.\\pipe\\wholesale-${hash}`;
  const beside = join(dataDir, "server.sock");
  // A Unix socket path has about 100 bytes; a deeper DATA_DIR gets its socket in the temporary folder.
  return Buffer.byteLength(beside) <= 100 ? beside : join(tmpdir(), `wholesale-${hash}.sock`);
}

/** What a command over the socket answers: a result, or why not (the holder is busy or still starting). */
export type ControlAnswer = { file: string } | { error: string };
export type ControlHandler = (command: string) => Promise<ControlAnswer>;

export class DataDirInUse extends Error {
  constructor(dataDir: string) {
    super(`Another process (a running server, a backup or a restore) holds ${dataDir}`);
  }
}

export type DataDirClaim = {
  /** Answers commands from now on; until then every command is answered that the holder is busy. */
  serve: (handler: ControlHandler) => void;
  close: () => Promise<void>;
};

const listen = (server: Server, path: string) =>
  new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });

/** Sends one command and waits for the one-line answer; null when nobody listens on the socket. */
export function sendCommand(dataDir: string, command: string): Promise<ControlAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ command })}\n`));
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(reply) as ControlAnswer);
      } catch {
        reject(new Error(`unreadable answer from the process holding ${dataDir}: ${reply}`));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}

/** Takes DATA_DIR for this process, or throws DataDirInUse if a live process holds it. */
export async function claimDataDir(dataDir: string): Promise<DataDirClaim> {
  const path = controlSocketPath(dataDir);
  let handler: ControlHandler = async () => ({ error: "busy: the process holding the data is not ready" });
  const server = createServer((socket) => {
    let request = "";
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      request += chunk;
      if (!request.includes("\n")) return;
      let command = "";
      try {
        command = String((JSON.parse(request) as { command?: unknown }).command);
      } catch {
        // An unreadable request gets the unknown command's answer.
      }
      handler(command)
        .catch((error: unknown): ControlAnswer => ({ error: (error as Error).message }))
        .then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
  });
  try {
    await listen(server, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    if (process.platform === "win32" || (await sendCommand(dataDir, "ping")) !== null) {
      throw new DataDirInUse(dataDir);
    }
    // The socket of a process that died: nobody answers it.
    rmSync(path, { force: true });
    await listen(server, path);
  }
  if (process.platform !== "win32") chmodSync(path, 0o600);
  return {
    serve: (next) => {
      handler = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
