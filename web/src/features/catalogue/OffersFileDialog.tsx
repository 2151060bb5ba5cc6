import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  Stack,
  Typography,
} from "@mui/material";
import type { TOffersImportResult } from "@wholesale/contract";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client.ts";
import { DownloadButton } from "../../notices/download.tsx";
import { notify } from "../../notices/notify.tsx";
import { downloadOffersTemplate, useImportOffers } from "./api.ts";

const TEMPLATE_NAME = "Шаблон_предложений.xlsx";

type Props = { open: boolean; onClose: () => void };

/** Why a file was refused: its bad rows («Строка N: …») when the server named them, else its reason. */
function refusalOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return ["Не удалось загрузить файл"];
  return error.errors?.file ?? [error.detail];
}

/**
 * New file: upload an offers spreadsheet (all or nothing), with a template to start from. A refusal is shown
 * here, once, with its rows; the template downloads as every file does («Файл скачан»).
 */
export function OffersFileDialog({ open, onClose }: Props) {
  const upload = useImportOffers();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<TOffersImportResult | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  useEffect(() => {
    if (open) {
      setResult(null);
      setRefusal([]);
    }
  }, [open]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setResult(null);
    setRefusal([]);
    try {
      const imported = await upload.mutateAsync(file);
      setResult(imported);
      notify.success(`Файл загружен: создано ${imported.created}, обновлено ${imported.updated}`);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>Новый файл</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">
            Файл .xlsx, одна строка на цену: Брэнд, Продукт, Модификация, Количество, От, Малый опт, Крупный
            опт, Валюта. Файл с ошибками не загружается целиком.
          </Typography>
          <input
            ref={input}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            aria-label="Файл предложений"
            onChange={(e) => void onFile(e)}
          />
          {upload.isPending && <LinearProgress aria-label="Загрузка файла" />}
          {result && (
            <Alert severity="success">
              Строк: {result.rows}. Создано: {result.created}, обновлено: {result.updated}, без изменений:{" "}
              {result.unchanged}.
              {result.clients_to_tell > 0 && ` Сообщим о поступлении клиентам: ${result.clients_to_tell}.`}
            </Alert>
          )}
          {refusal.length > 0 && (
            <Alert severity="error">
              Файл не загружен:
              <List dense disablePadding>
                {refusal.map((e) => (
                  <ListItem key={e} disableGutters>
                    {e}
                  </ListItem>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
        <DownloadButton save={() => downloadOffersTemplate(TEMPLATE_NAME)}>Скачать шаблон</DownloadButton>
        <Button variant="contained" disabled={upload.isPending} onClick={() => input.current?.click()}>
          Выбрать файл
        </Button>
      </DialogActions>
    </Dialog>
  );
}
