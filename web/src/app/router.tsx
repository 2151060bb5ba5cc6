import type { TPermission } from "@wholesale/contract";
import type { ReactNode } from "react";
import { createBrowserRouter, redirect } from "react-router";
import LoginPage from "../features/auth/LoginPage.tsx";
import ForbiddenPage from "../features/home/ForbiddenPage.tsx";
import NotFoundPage from "../features/home/NotFoundPage.tsx";
import { FullScreenLoader } from "../ui/FullScreenLoader.tsx";
import { SECTIONS } from "./sections.tsx";
import { can, ensureSession, landingPath, useSession } from "./session.ts";

/** Before every navigation inside the app: a signed-in user, restored from a stored token if need be. */
async function requireLogin() {
  const user = await ensureSession({ reportFailure: true });
  if (!user) throw redirect("/login");
  return null;
}

async function loginLoader() {
  const user = await ensureSession();
  return user ? redirect(landingPath(user)) : null;
}

/** A section opens only for a role that holds its permission (the server refuses its calls anyway). */
function SectionGate({ permission, page }: { permission: TPermission | undefined; page: ReactNode }) {
  const { myUser } = useSession();
  return can(myUser, permission) ? page : <ForbiddenPage />;
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: "/login", loader: loginLoader, Component: LoginPage, HydrateFallback: FullScreenLoader },
    {
      id: "app",
      // The signed-in frame (menu, app bar) is its own chunk: the login screen does not download it.
      lazy: async () => ({ Component: (await import("./AppLayout.tsx")).AppLayout }),
      loader: requireLogin,
      shouldRevalidate: () => true,
      HydrateFallback: FullScreenLoader,
      children: [
        ...SECTIONS.map((section) => ({
          path: section.path,
          lazy: async () => {
            const { default: Page } = await section.page();
            return { element: <SectionGate permission={section.permission} page={<Page />} /> };
          },
        })),
        { path: "*", Component: NotFoundPage },
      ],
    },
  ]);
}
