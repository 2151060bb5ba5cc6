import type { TPermission } from "@wholesale/contract";
import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, redirect } from "react-router";
import LoginPage from "../features/auth/LoginPage.tsx";
import { can, ensureSession, landingPath, useSession } from "../session/session.ts";
import { FullScreenLoader } from "../ui/FullScreenLoader.tsx";
import { SECTIONS } from "./sections.tsx";

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

// The signed-in frame (menu, app bar), each section and the frame's «Нет доступа» and «Страница не найдена»
// are their own chunks, loaded by React rather than by the router: a route's `lazy` holds its navigation until
// the chunk is there, so an anonymous visit would wait for code it never runs before its loader's redirect to
// /login took effect.
const AppLayout = lazy(async () => ({ default: (await import("./AppLayout.tsx")).AppLayout }));
const ForbiddenPage = lazy(() => import("./ForbiddenPage.tsx"));
const NotFoundPage = lazy(() => import("./NotFoundPage.tsx"));

function SignedInFrame() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <AppLayout />
    </Suspense>
  );
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: "/login", loader: loginLoader, Component: LoginPage, HydrateFallback: FullScreenLoader },
    {
      id: "app",
      Component: SignedInFrame,
      loader: requireLogin,
      shouldRevalidate: () => true,
      HydrateFallback: FullScreenLoader,
      children: [
        ...SECTIONS.map((section) => {
          const Page = lazy(section.page);
          return {
            path: section.path,
            element: <SectionGate permission={section.permission} page={<Page />} />,
          };
        }),
        { path: "*", Component: NotFoundPage },
      ],
    },
  ]);
}
