import type { TPermission } from "@wholesale/contract";
import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, matchPath, redirect } from "react-router";
import LoginPage from "../features/auth/LoginPage.tsx";
import { can, ensureSession, landingPath, useSession } from "../session/session.ts";
import { FullScreenLoader } from "../ui/FullScreenLoader.tsx";
import { SECTIONS } from "./sections.tsx";

/** Before every navigation inside the app: a signed-in user, restored from a stored token if need be. */
async function requireLogin({ request }: LoaderFunctionArgs) {
  const user = await ensureSession({
    reportFailure: true,
    whileChecking: () => preloadScreen(new URL(request.url).pathname),
  });
  if (!user) throw redirect("/login");
  return null;
}

/**
 * Starts fetching the signed-in frame's code and the section's at `pathname` (React loads each when it first
 * renders it, one after the other, and only once the session is known). Called while the session's calls are
 * on the wire: started earlier, their compiling would delay the contract those calls wait for.
 */
function preloadScreen(pathname: string) {
  void loadAppLayout();
  void SECTIONS.find((section) => matchPath(section.path, pathname))?.page();
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
const loadAppLayout = () => import("./AppLayout.tsx");
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));
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
