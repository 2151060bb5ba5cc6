import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
  Typography,
} from "@mui/material";
import type { TLeftoverReport } from "@wholesale/contract";
import { type UIEvent, useState } from "react";
import { formatDateTime } from "../../lib/dates.ts";
import { DownloadIconButton } from "../../notices/download.tsx";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import {
  downloadReportFile,
  useDeleteLeftover,
  useGenerateLeftover,
  useLeftovers,
} from "../reports/index.ts";

/** Spec 9: the next page loads when the list is scrolled within this many pixels of its bottom. */
export const NEXT_PAGE_THRESHOLD_PX = 50;

type Props = { open: boolean; canManage: boolean; onClose: () => void };

/** The leftover-report files, newest first, loaded page by page as the list is scrolled. */
export function LeftoversDialog({ open, canManage, onClose }: Props) {
  const leftovers = useLeftovers(open);
  const generate = useGenerateLeftover();
  const remove = useDeleteLeftover();
  const [deleting, setDeleting] = useState<TLeftoverReport | null>(null);
  const reports = leftovers.data?.pages.flatMap((p) => p.results) ?? [];
  const count = leftovers.data?.pages.at(-1)?.count ?? 0;

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= NEXT_PAGE_THRESHOLD_PX;
    if (nearBottom && leftovers.hasNextPage && !leftovers.isFetchingNextPage) void leftovers.fetchNextPage();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>Остатки{count ? `: ${count}` : ""}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box sx={{ maxHeight: 420, overflowY: "auto" }} onScroll={onScroll} data-testid="leftovers-list">
          {leftovers.isPending ? (
            <CircularProgress sx={{ m: 2 }} size={24} />
          ) : reports.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              Файлов нет
            </Typography>
          ) : (
            <List dense>
              {reports.map((r) => (
                <ListItem
                  key={r.id}
                  divider
                  secondaryAction={
                    <>
                      <DownloadIconButton
                        label={`Скачать ${r.name}`}
                        icon={<DownloadIcon />}
                        save={() => downloadReportFile(r.file, r.name)}
                      />
                      {canManage && (
                        <Tooltip title="Удалить">
                          <IconButton aria-label={`Удалить ${r.name}`} onClick={() => setDeleting(r)}>
                            <DeleteIcon />
                          </IconButton>
                        </Tooltip>
                      )}
                    </>
                  }
                >
                  <ListItemText primary={r.name} secondary={formatDateTime(r.created_at)} />
                </ListItem>
              ))}
              {leftovers.isFetchingNextPage && (
                <ListItem>
                  <CircularProgress size={20} />
                </ListItem>
              )}
            </List>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
        {canManage && (
          <Button disabled={generate.isPending} onClick={() => generate.mutate()}>
            Сформировать
          </Button>
        )}
      </DialogActions>
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.name}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
