import { startFakeBotApi } from "../../server/src/test/fake-bot-api.ts";

/**
 * The fake Bot API in its own process, so that answering 10,000 calls does not load the server's event
 * loop, which is what is measured. Sends `{apiRoot, token}` when ready; answers "report" with the arrival
 * time and the chat of every send.
 */
const fake = await startFakeBotApi();
process.send?.({ apiRoot: fake.apiRoot, token: fake.token });
process.on("message", async (message) => {
  if (message === "report") {
    const sends = fake.callsTo("sendMessage");
    process.send?.({ times: sends.map((c) => c.at), chats: sends.map((c) => Number(c.payload.chat_id)) });
  } else if (message === "close") {
    await fake.close();
    process.exit(0);
  }
});
