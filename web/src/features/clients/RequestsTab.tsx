import DeleteIcon from "@mui/icons-material/Delete";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import {
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from "@mui/material";
import type { TClientGroup, TRegistrationRequest, TTransportation } from "@wholesale/contract";
import { useState } from "react";
import { formatDateTime } from "../../lib/dates.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { stackedBelow } from "../../ui/stacked-table.ts";
import { AddClientDialog } from "./AddClientDialog.tsx";
import { useRegistrationRequests, useUpdateRequest } from "./api.ts";
import { volumeLabel } from "./status.ts";

type Props = { groups: TClientGroup[]; transportations: TTransportation[] };

const requestLabel = (r: TRegistrationRequest) => r.client.telegram_username ?? r.client.nickname;

const ONE_LINE = { whiteSpace: "nowrap" } as const;

/**
 * Unconfirmed registration requests, each with the volume the client chose in the bot, when they asked, and
 * add-client and delete; on a phone each request is a card, so its buttons are never past the edge.
 */
export function RequestsTab({ groups, transportations }: Props) {
  const requests = useRegistrationRequests(true);
  const remove = useUpdateRequest("Заявка удалена", "Не удалось удалить заявку");
  const [adding, setAdding] = useState<TRegistrationRequest | null>(null);
  const [deleting, setDeleting] = useState<TRegistrationRequest | null>(null);

  return (
    <>
      <FullScreenLoader open={requests.isPending} />
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Заявки" sx={stackedBelow()}>
          <TableHead>
            <TableRow>
              <TableCell>Имя в Telegram</TableCell>
              <TableCell>Телефон</TableCell>
              <TableCell>Организация</TableCell>
              <TableCell>Объем</TableCell>
              <TableCell>Дата заявки</TableCell>
              <TableCell align="right">Действия</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(requests.data ?? []).map((r) => (
              <TableRow key={r.id} hover>
                <TableCell data-label="Имя в Telegram">{r.client.telegram_username ?? "—"}</TableCell>
                <TableCell data-label="Телефон" sx={ONE_LINE}>
                  {r.client.phone_number ?? "—"}
                </TableCell>
                <TableCell data-label="Организация">{r.client.organization_name}</TableCell>
                <TableCell data-label="Объем" sx={ONE_LINE}>
                  {volumeLabel(r.client.client_type)}
                </TableCell>
                <TableCell data-label="Дата заявки" sx={ONE_LINE}>
                  {formatDateTime(r.created_at)}
                </TableCell>
                <TableCell align="right" data-label="Действия" sx={ONE_LINE}>
                  <Tooltip title="Добавить клиента">
                    <IconButton
                      aria-label={`Добавить клиента ${requestLabel(r)}`}
                      onClick={() => setAdding(r)}
                    >
                      <PersonAddIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Удалить">
                    <IconButton
                      aria-label={`Удалить заявку ${requestLabel(r)}`}
                      onClick={() => setDeleting(r)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {requests.isSuccess && requests.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} align="center">
                  Заявок нет
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {adding && (
        <AddClientDialog
          request={adding}
          groups={groups}
          transportations={transportations}
          onClose={() => setAdding(null)}
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting ? requestLabel(deleting) : undefined}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, body: { deleted: true } })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
