import fastifyMultipart, { type FastifyMultipartOptions, type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";

const isMultipartRequest = (request: FastifyRequest) =>
  /^multipart\//i.test(request.headers["content-type"] ?? "");

type AsyncHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The plugin's hook, run for multipart requests only; any other request passes straight on. */
const forMultipartOnly = (hook: AsyncHook) =>
  function (
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) {
    if (!isMultipartRequest(request)) return done();
    hook.call(this, request, reply).then(() => done(), done);
  };

/**
 * @fastify/multipart on the whole app (uploads are read with `request.file()` and `request.parts()`), with its
 * request and response hooks kept for multipart requests. Those hooks clean up the temporary files of a
 * request that saved its upload to disk; the plugin adds them for every request, where they cost each one two
 * promises and a `close` listener (about 8 % of the CPU of `/api/health`). A request that is not multipart
 * cannot have saved a file.
 */
export async function registerMultipart(
  app: FastifyInstance,
  options: FastifyMultipartOptions,
): Promise<void> {
  const scoped = new Proxy(app, {
    get(target, key) {
      if (key === "addHook") {
        return (name: string, hook: AsyncHook) =>
          name === "onRequest" || name === "onResponse"
            ? target.addHook(name, forMultipartOnly(hook))
            : (target.addHook as (name: string, hook: unknown) => FastifyInstance)(name, hook);
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  // Called directly, as fastify-plugin's skip-override would have it: its decorators land on the app itself.
  await new Promise<void>((resolve, reject) =>
    fastifyMultipart(scoped, options, (error) => (error ? reject(error) : resolve())),
  );
}

/**
 * The whole of an uploaded file, or the plugin's «file too large» error (413) when it passed the size limit.
 * `toBuffer` alone misses the limit when busboy flags the cut only after handing over the last piece it read:
 * a 50 MB file then came back as its first 10 MB, which the offers file refused as «not an xlsx» (400).
 */
export async function wholeFile(request: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated) throw new request.server.multipartErrors.RequestFileTooLargeError();
  return data;
}
