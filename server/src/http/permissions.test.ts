import { ROLES, type TPermission, type TRole } from "@wholesale/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClient } from "../db/factories/clients.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { openLiveStream, STREAM_ROUTES } from "../test/live-stream.ts";
import type { ApiRoute } from "./auth.ts";
import { permissionsOf, ROLE_PERMISSIONS } from "./permissions.ts";

/**
 * The permission matrix as the README documents it, written out by hand: a change to the role table in
 * permissions.ts must be made here too, deliberately.
 */
const EXPECTED: Record<Exclude<TRole, "superuser">, TPermission[]> = {
  office: [
    "catalogue.read",
    "catalogue.write",
    "stock.write",
    "clients.read",
    "clients.write",
    "orders.read",
    "orders.edit",
    "orders.collect",
    "orders.pick",
    "orders.notify",
    "statistics.read",
    "messaging.send",
    "claims.manage",
    "market.manage",
    "reports.read",
    "reports.manage",
  ],
  storehouse: ["catalogue.read", "stock.write", "orders.read", "orders.pick", "reports.read"],
  seller: [
    "catalogue.read",
    "clients.read",
    "clients.write",
    "orders.read",
    "orders.edit",
    "orders.collect",
    "orders.notify",
    "statistics.read",
    "messaging.send",
    "claims.manage",
    "reports.read",
  ],
};

const flags = (role: TRole) => ({
  isSuperuser: role === "superuser",
  isOffice: role === "office",
  isStorehouse: role === "storehouse",
  isSeller: role === "seller",
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("role table", () => {
  it("matches the documented matrix", () => {
    expect(ROLE_PERMISSIONS).toEqual(EXPECTED);
  });

  it("accounts and the activity log are for superusers only", () => {
    for (const role of ["office", "storehouse", "seller"] as const) {
      expect(permissionsOf(flags(role))).not.toContain("accounts.manage");
      expect(permissionsOf(flags(role))).not.toContain("log.read");
    }
  });
});

/** A stream (STREAM_ROUTES) is called over the app's port, its status read and the connection dropped. */
async function request(route: ApiRoute, url: string, authorization?: string) {
  const headers = authorization ? { authorization } : {};
  if (STREAM_ROUTES.has(route.url)) {
    base ??= await t.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openLiveStream(base, authorization ?? "");
    stream.close();
    return { statusCode: stream.status, json: () => stream.body as { code?: string; detail?: string } };
  }
  const res = await t.app.inject({
    method: route.method as "GET",
    url,
    payload: route.method === "GET" ? undefined : {},
    headers,
  });
  return { statusCode: res.statusCode, json: () => res.json() as { code?: string; detail?: string } };
}
let base: string | undefined;

describe("every API route x every role", () => {
  it("declares its access and the server enforces it", async () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.some((r) => r.access === "client")).toBe(true);
    // A Mini App client's token: a separate audience that opens the client routes and nothing else.
    const client = await seedClient(t.db, { telegramId: 777_000_111 });
    const clientToken = await t.app.tokens.signClient({ clientId: client.id, telegramId: 777_000_111 });
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, "999999");
      const anonymous = await request(route, url);
      if (route.access === "public") {
        expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).not.toBe(401);
      } else {
        expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      }
      const asClient = await request(route, url, `Bearer ${clientToken}`);
      const clientWhere = `${route.method} ${route.url} as a Mini App client`;
      if (route.access === "client" || route.access === "public")
        expect(asClient.statusCode, clientWhere).not.toBe(401);
      else {
        expect(asClient.statusCode, clientWhere).toBe(401);
        expect(asClient.json().code, clientWhere).toBe("token_not_valid");
      }
      if (route.access === "client") {
        // Staff tokens, whatever their role, are no client tokens.
        for (const role of ROLES) {
          const res = await request(route, url, (await t.as(role)).headers.authorization);
          expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBe(401);
        }
        continue;
      }
      for (const role of ROLES) {
        const res = await request(route, url, (await t.as(role)).headers.authorization);
        const allowed =
          route.access === "public" ||
          route.access === "authenticated" ||
          permissionsOf(flags(role)).includes(route.access);
        const where = `${route.method} ${route.url} as ${role}`;
        if (allowed) expect(res.statusCode, where).not.toBe(403);
        else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json().detail, where).toBe("У вас недостаточно прав для выполнения данного действия.");
        }
      }
    }
  });
});
