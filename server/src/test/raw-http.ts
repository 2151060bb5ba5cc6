import { connect, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** The port a listening test app took (it listens on port 0). */
export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (typeof address !== "object" || !address) throw new Error("the test app is not listening");
  return address.port;
}

/** A raw TCP connection to the app on loopback: for what an HTTP client library would not do (hang up, pipeline). */
export function connectTo(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** The text of an HTTP/1.1 request with a JSON body. */
export function jsonRequest(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): string {
  const json = JSON.stringify(body);
  const lines = Object.entries({
    Host: "127.0.0.1",
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(json)),
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join("")}\r\n${json}`;
}

/** Writes `text` and resolves once it has left for the server. */
export function send(socket: Socket, text: string): Promise<void> {
  return new Promise((resolve, reject) => socket.write(text, (error) => (error ? reject(error) : resolve())));
}
