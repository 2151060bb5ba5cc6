import DeleteIcon from "@mui/icons-material/Delete";
import ImageIcon from "@mui/icons-material/Image";
import {
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL, type TClientMessage } from "@wholesale/contract";
import { useState } from "react";
import { formatDateTime } from "../../lib/dates.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { stackedBelow } from "../../ui/stacked-table.ts";
import { useGroups, useTransportations } from "../clients/index.ts";
import { useDeleteMessage, useRecentMessages, useScheduledMessages } from "./api.ts";
import { MessageDialog } from "./MessageDialog.tsx";
import { TargetMessageDialog } from "./TargetMessageDialog.tsx";

type DialogKind = "scheduled" | "group" | "direction" | "now";

/** The spec's audience label: Крупный, Малый or Все. */
export function audienceLabel(clientType: number | null): string {
  if (clientType === CLIENT_TYPE_LARGE) return "Крупный";
  if (clientType === CLIENT_TYPE_SMALL) return "Малый";
  return "Все";
}

/** «Доставлено N из M» and what else happened. */
export function deliveryLines(m: TClientMessage): string[] {
  return [
    `Доставлено ${m.delivered} из ${m.recipients}`,
    ...(m.pending > 0 ? [`в очереди: ${m.pending}`] : []),
    ...(m.failed > 0 ? [`не доставлено: ${m.failed}`] : []),
    ...(m.unreachable > 0 ? [`заблокировали бота: ${m.unreachable}`] : []),
  ];
}

export default function MessagesPage() {
  const scheduled = useScheduledMessages();
  const recent = useRecentMessages();
  const groups = useGroups();
  const directions = useTransportations();
  const remove = useDeleteMessage();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [deleting, setDeleting] = useState<TClientMessage | null>(null);

  const audienceOf = (m: TClientMessage) => {
    if (m.group !== null) return `Группа: ${groups.data?.find((g) => g.id === m.group)?.name ?? m.group}`;
    if (m.transportation !== null) {
      return `Направление: ${directions.data?.find((d) => d.id === m.transportation)?.name ?? m.transportation}`;
    }
    return audienceLabel(m.client_type);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button variant="contained" onClick={() => setDialog("scheduled")}>
          Отложенное сообщение
        </Button>
        <Button variant="contained" onClick={() => setDialog("group")}>
          Сообщение для групп
        </Button>
        <Button variant="contained" onClick={() => setDialog("direction")}>
          Сообщение для направления
        </Button>
        <Button variant="contained" onClick={() => setDialog("now")}>
          Сообщение
        </Button>
      </Stack>

      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
          Отложенные сообщения
        </Typography>
        {scheduled.isPending ? (
          <FullScreenLoader />
        ) : (
          <List aria-label="Отложенные сообщения">
            {(scheduled.data ?? []).map((m) => (
              <ListItem
                key={m.id}
                divider
                secondaryAction={
                  <Tooltip title="Удалить">
                    <IconButton edge="end" aria-label="Удалить" onClick={() => setDeleting(m)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} alignItems="center">
                      <Typography component="span" fontWeight={500}>
                        {formatDateTime(m.send_time)}
                      </Typography>
                      <Chip size="small" label={audienceLabel(m.client_type)} />
                    </Stack>
                  }
                  secondary={m.text}
                  slotProps={{ secondary: { sx: { whiteSpace: "pre-line" } } }}
                />
              </ListItem>
            ))}
            {scheduled.data?.length === 0 && (
              <ListItem>
                <ListItemText secondary="Нет отложенных сообщений" />
              </ListItem>
            )}
          </List>
        )}
      </Paper>

      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
          Отправленные сообщения
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Отправленные сообщения" sx={stackedBelow()}>
            <TableHead>
              <TableRow>
                <TableCell>Время</TableCell>
                <TableCell>Кому</TableCell>
                <TableCell>Текст</TableCell>
                <TableCell>Доставка</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...(recent.data ?? [])].reverse().map((m) => (
                <TableRow key={m.id}>
                  <TableCell data-label="Время" sx={{ whiteSpace: "nowrap" }}>
                    {formatDateTime(m.send_time)}
                  </TableCell>
                  <TableCell data-label="Кому">{audienceOf(m)}</TableCell>
                  <TableCell data-label="Текст" sx={{ maxWidth: 360 }}>
                    <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", minWidth: 0 }}>
                      {m.has_photo && <ImageIcon fontSize="small" color="action" aria-label="С фото" />}
                      <Typography variant="body2" noWrap title={m.text}>
                        {m.text}
                      </Typography>
                    </Box>
                  </TableCell>
                  <TableCell data-label="Доставка">
                    <Box>
                      {deliveryLines(m).map((line) => (
                        <Typography key={line} variant="body2" component="div">
                          {line}
                        </Typography>
                      ))}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
              {recent.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} align="center">
                    Сообщений ещё не было
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

      <MessageDialog mode="now" open={dialog === "now"} onClose={() => setDialog(null)} />
      <MessageDialog mode="scheduled" open={dialog === "scheduled"} onClose={() => setDialog(null)} />
      <TargetMessageDialog target="group" open={dialog === "group"} onClose={() => setDialog(null)} />
      <TargetMessageDialog target="direction" open={dialog === "direction"} onClose={() => setDialog(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        label="отложенное сообщение"
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
