import { Button, type ButtonProps, CircularProgress, IconButton, Tooltip } from "@mui/material";
import { type ReactNode, useState } from "react";
import { failureReason } from "../lib/failure-reason.ts";
import { notify } from "./notify.tsx";

/** Saves a file, answering with its name when it has one. */
type Save = () => Promise<string | undefined>;

/**
 * Every download's behaviour, as «Отчет» first had it: busy until the file is saved (a second click starts
 * nothing), then «Файл скачан» with its name, or the spec's «Ошибка при загрузке отчета» saying why.
 */
function useDownload(save: Save) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const name = await save();
      notify.success(name ?? "", "Файл скачан");
    } catch (error) {
      notify.error(failureReason(error) || "Не удалось скачать отчет", "Ошибка при загрузке отчета");
    } finally {
      setBusy(false);
    }
  };
  return { busy, start: () => void start() };
}

/** A text button that downloads («Скачать xlsx», «Лист сборки», «Отчет»). */
export function DownloadButton({
  save,
  children,
  ...button
}: { save: Save; children: ReactNode } & Omit<ButtonProps, "onClick" | "loading">) {
  const { busy, start } = useDownload(save);
  return (
    <Button {...button} loading={busy} loadingPosition="start" onClick={start}>
      {children}
    </Button>
  );
}

/** An icon that downloads a row's file (an invoice, a daily report), a spinner in its place while busy. */
export function DownloadIconButton({ save, label, icon }: { save: Save; label: string; icon: ReactNode }) {
  const { busy, start } = useDownload(save);
  return (
    <Tooltip title="Скачать">
      <IconButton aria-label={label} aria-busy={busy} disabled={busy} onClick={start}>
        {busy ? <CircularProgress size={24} aria-label="Загрузка" /> : icon}
      </IconButton>
    </Tooltip>
  );
}
