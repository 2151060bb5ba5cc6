import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { applyTheme, readLaunchParams } from "./launch.ts";
import "./styles.css";

const launch = readLaunchParams();
if (launch) applyTheme(launch.theme);
const root = document.getElementById("root");
if (!root) throw new Error("no #root element");
createRoot(root).render(
  <StrictMode>
    <App launch={launch} />
  </StrictMode>,
);
