import type { TLiveEvent } from "@wholesale/contract";

/**
 * A live stream a test writes to, as `GET /api/live/` sends it: `answer()` is the Response of one connection
 * (its first frame, `retry:`, opens it), `send` writes an event to the connection open last, `end` ends it.
 */
export function fakeLiveStream() {
  const encoder = new TextEncoder();
  let open: ReadableStreamDefaultController<Uint8Array> | undefined;
  let seq = 0;
  const write = (text: string) => open?.enqueue(encoder.encode(text));
  return {
    answer(): Response {
      let mine: ReadableStreamDefaultController<Uint8Array> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          mine = controller;
          open = controller;
          controller.enqueue(encoder.encode("retry: 2000\n\n"));
        },
        // The page gave it up: what the test writes next goes nowhere.
        cancel() {
          if (open === mine) open = undefined;
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    },
    send(event: TLiveEvent): void {
      seq += 1;
      write(`id: test.${seq}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`);
    },
    /** Raw text, cut wherever the test likes. */
    write,
    end(): void {
      open?.close();
      open = undefined;
    },
  };
}
