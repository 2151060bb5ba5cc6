import { QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import type { ReactNode } from "react";
import { createQueryClient } from "../src/app/query-client.ts";

/** A component inside the app's own query client (with its error and success toasts) and notifications. */
export function withAppProviders(node: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarProvider>{node}</SnackbarProvider>
    </QueryClientProvider>
  );
}
