import { describe, expect, it } from "vitest";
import { createSseParser, type SseFrame } from "./sse.ts";

function parsed(...pieces: string[]): SseFrame[] {
  const frames: SseFrame[] = [];
  const parser = createSseParser((frame) => frames.push(frame));
  for (const piece of pieces) parser.push(piece);
  return frames;
}

describe("the server-sent events parser", () => {
  it("hands on each frame at its blank line, with its name, data and id", () => {
    expect(
      parsed(
        'retry: 2000\n\nid: a1.1\nevent: change\ndata: {"kind":"orders"}\n\n: ping\n\nid: a1.2\nevent: change\ndata: {"kind":"claims"}\n\n',
      ),
    ).toEqual([
      { event: "change", data: '{"kind":"orders"}', id: "a1.1" },
      { event: "change", data: '{"kind":"claims"}', id: "a1.2" },
    ]);
  });

  it("reads pieces cut anywhere, a CRLF split between two of them too", () => {
    const text = 'id: a1.7\r\nevent: change\r\ndata: {"kind":"market"}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parsed(text.slice(0, cut), text.slice(cut)), `cut at ${cut}`).toEqual([
        { event: "change", data: '{"kind":"market"}', id: "a1.7" },
      ]);
    }
    expect(parsed(...text.split(""))).toHaveLength(1);
  });

  it("joins data lines, names an unnamed event «message», and takes CR alone as a line's end", () => {
    expect(parsed("data: one\rdata: two\r\rdata:three\n\n")).toEqual([
      { event: "message", data: "one\ntwo" },
      { event: "message", data: "three" },
    ]);
  });

  it("hands on nothing for comments, retry, a frame without data or one not ended yet", () => {
    expect(parsed(": ping\n\nretry: 10\n\nevent: change\nid: 5\n\nevent: change\ndata: {}")).toEqual([]);
  });
});
