import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "../src/app/query-client.ts";
import Notices from "../src/notices/Notices.tsx";

/** A component inside the app's own query client (with its error and success toasts) and notices. */
export function withAppProviders(node: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      {node}
      <Notices />
    </QueryClientProvider>
  );
}
