import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor wait for an outcome, never for a time: a generous ceiling, since on the shared two-core
// machine a screen's first render under a full test run can take well over the library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
