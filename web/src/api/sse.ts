/** One server-sent event as the stream delivered it: its name, its data lines joined, its id when it had one. */
export type SseFrame = { event: string; data: string; id?: string };

/**
 * Reads server-sent events (the HTML standard's `text/event-stream`) from text pushed as it arrives, in pieces
 * cut anywhere: a frame is handed on at the blank line that ends it. Comments (`: ping`) and `retry:` carry no
 * event; a frame without data is none either, as in a browser's EventSource.
 */
export function createSseParser(onFrame: (frame: SseFrame) => void) {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let id: string | undefined;
  // A CR ending one piece may be the first half of a CRLF that the next piece starts with.
  let afterCr = false;

  function line(text: string): void {
    if (text === "") {
      if (data.length > 0)
        onFrame({ event: event || "message", data: data.join("\n"), ...(id === undefined ? {} : { id }) });
      event = "";
      data = [];
      id = undefined;
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) id = value;
  }

  return {
    push(text: string): void {
      buffer += afterCr && text.startsWith("\n") ? text.slice(1) : text;
      afterCr = false;
      for (let end = buffer.search(/[\r\n]/); end !== -1; end = buffer.search(/[\r\n]/)) {
        const crlf = buffer.startsWith("\r\n", end);
        afterCr = buffer[end] === "\r" && end === buffer.length - 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + (crlf ? 2 : 1));
      }
    },
  };
}
