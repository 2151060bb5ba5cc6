import { type ClientHttp2Session, connect, type IncomingHttpHeaders } from "node:http2";
import { connect as netConnect } from "node:net";
import { connect as tlsConnect } from "node:tls";

export type H2Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * An HTTP/2 session over TLS to `https://localhost:<port>` on 127.0.0.1 (the certificate checked for
 * localhost, trusting only `certificate`; localhost is the name in TLS and in every request's authority), from
 * `localAddress`: a loopback address of the test's choosing, so the server's view of the client's address is
 * known.
 */
export function connectH2(
  port: number,
  certificate: string,
  localAddress: string,
): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = connect(`https://localhost:${port}`, {
      createConnection: () =>
        tlsConnect({
          socket: netConnect({ host: "127.0.0.1", port, localAddress }),
          ca: certificate,
          servername: "localhost",
          ALPNProtocols: ["h2"],
        }),
    });
    session.once("connect", () => resolve(session));
    session.once("error", reject);
  });
}

/**
 * One request on the session. Settles when the stream closes: a server may answer a body it refuses before
 * reading all of it and then reset the stream, and that answer is what the test wants to see.
 */
export function h2Request(
  session: ClientHttp2Session,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ":method": method, ":path": path, ...options.headers });
    let head: IncomingHttpHeaders | undefined;
    let failure: Error | undefined;
    const chunks: Buffer[] = [];
    stream.on("response", (headers) => {
      head = headers;
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", (error) => {
      failure = error;
    });
    stream.on("close", () => {
      if (head) resolve({ status: Number(head[":status"]), headers: head, body: Buffer.concat(chunks) });
      else reject(failure ?? new Error(`${method} ${path}: the stream closed without an answer`));
    });
    stream.end(options.body);
  });
}

export const json = (answer: H2Answer): unknown => JSON.parse(answer.body.toString("utf8"));
