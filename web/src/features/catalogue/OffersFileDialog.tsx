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
import { ApiError, downloadFile } from "../../api/client.ts";
import { notify } from "../../app/notify.tsx";
import { useImportOffers } from "./api.ts";

const TEMPLATE_NAME = "Шаблон_предложений.xlsx";

type Props = { open: boolean; onClose: () => void };

/** New file: upload an offers spreadsheet (all or nothing), with a template to start from. */
export function OffersFileDialog({ open, onClose }: Props) {
  const upload = useImportOffers();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<TOffersImportResult | null>(null);
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  useEffect(() => {
    if (open) {
      setResult(null);
      setRowErrors([]);
    }
  }, [open]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setResult(null);
    setRowErrors([]);
    try {
      const imported = await upload.mutateAsync(file);
      setResult(imported);
      notify.success(`Файл загружен: создано ${imported.created}, обновлено ${imported.updated}`);
    } catch (error) {
      if (error instanceof ApiError) setRowErrors(error.errors?.file ?? []);
    }
  };

  const template = async () => {
    try {
      await downloadFile("/storehouse/offers/template/", TEMPLATE_NAME);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.detail : "Не удалось скачать шаблон");
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
            </Alert>
          )}
          {rowErrors.length > 0 && (
            <Alert severity="error">
              Файл не загружен:
              <List dense disablePadding>
                {rowErrors.map((e) => (
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
        <Button onClick={() => void template()}>Скачать шаблон</Button>
        <Button variant="contained" disabled={upload.isPending} onClick={() => input.current?.click()}>
          Выбрать файл
        </Button>
      </DialogActions>
    </Dialog>
  );
}
