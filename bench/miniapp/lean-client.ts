import net from "node:net";

/** One keep-alive connection: a request written whole, its answer's status read once its body is in. */
type Connection = { socket: net.Socket; pending?: (status: number) => void; fail?: (error: Error) => void };

const HEADER_END = Buffer.from("\r\n\r\n");

/**
 * The load generator's HTTP client for the measured steps: HTTP/1.1 over a few kept-alive sockets, each request
 * written as one buffer and each answer read only as far as its status and length. It shares the machine's two
 * cores with the server it measures (phones are the clients in production), and node:http cost it 0.2–0.3 ms of
 * CPU a step, as much as a third of the server's own: this costs a fraction of that, so the server gets the
 * cores back. Answers are not parsed: a step is judged by its status.
 */
export function leanClient(port: number, connections: number) {
  const idle: Connection[] = [];
  const waiting: ((connection: Connection) => void)[] = [];
  let opened = 0;

  function open(): Connection {
    const socket = net.connect({ host: "127.0.0.1", port, noDelay: true });
    const connection: Connection = { socket };
    let buffered: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      const end = buffered.indexOf(HEADER_END);
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString("latin1");
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.subarray(end + 4 + length);
      const status = Number(head.slice(9, 12));
      const resolve = connection.pending;
      connection.pending = undefined;
      connection.fail = undefined;
      resolve?.(status);
    });
    socket.on("error", (error) => connection.fail?.(error));
    socket.on("close", () => connection.fail?.(new Error("the server closed the connection")));
    return connection;
  }

  function take(): Promise<Connection> {
    const connection = idle.pop();
    if (connection) return Promise.resolve(connection);
    if (opened < connections) {
      opened++;
      return Promise.resolve(open());
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function give(connection: Connection) {
    const next = waiting.shift();
    if (next) next(connection);
    else idle.push(connection);
  }

  return {
    /** POSTs `body` (JSON) to `path` with the bearer token; resolves with the answer's status. */
    async post(path: string, body: string, token: string): Promise<number> {
      const connection = await take();
      const request = Buffer.from(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Authorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      const status = await new Promise<number>((resolve, reject) => {
        connection.pending = resolve;
        connection.fail = reject;
        connection.socket.write(request);
      });
      give(connection);
      return status;
    },
    close() {
      for (const connection of idle) connection.socket.destroy();
    },
  };
}
