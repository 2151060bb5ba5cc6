import { zodResolver } from "@hookform/resolvers/zod";
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import {
  clientDisplayName,
  POSITION_STATUS_LABELS,
  type TOrder,
  type TOrderPosition,
  ZOrderPositionUpdateSchema,
  z,
} from "@wholesale/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatAmount, formatPrice, formatTotals, lineSum } from "../../lib/money.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { useDeletePosition, useUpdatePosition } from "./api.ts";
import { positionSx } from "./position-sx.ts";

/** Price and quantity as their number inputs hold them; the contract's fields decide. */
const ZPositionFormSchema = ZOrderPositionUpdateSchema.extend({
  // An emptied input reads as 0, as it always has: a price of 0 is allowed, a quantity of 0 is not.
  price: z.string().transform(Number).pipe(ZOrderPositionUpdateSchema.shape.price),
  quantity: z.string().transform(Number).pipe(ZOrderPositionUpdateSchema.shape.quantity),
});

type Props = {
  order: TOrder;
  /** Whether the edit and delete buttons are shown (not to the storehouse). */
  canEdit: boolean;
  onClose: () => void;
};

function EditRow({
  position,
  compact,
  onDone,
}: {
  position: TOrderPosition;
  compact: boolean;
  onDone: () => void;
}) {
  const update = useUpdatePosition();
  const {
    register,
    handleSubmit,
    formState: { isValid },
  } = useForm({
    resolver: zodResolver(ZPositionFormSchema),
    defaultValues: { price: String(position.price), quantity: String(position.quantity) },
    // The save button follows every keystroke: it is enabled only while the contract accepts both.
    mode: "onChange",
  });
  // A row of a table cannot hold a form element: the button and Enter submit through handleSubmit.
  const save = handleSubmit((body) => {
    // Whatever the answer, edit mode closes: a refusal is shown by the error notice.
    update.mutate({ id: position.id, body }, { onSettled: onDone });
  });
  const priceField = (
    <TextField
      size="small"
      type="number"
      label="Цена"
      {...register("price")}
      slotProps={{ htmlInput: { min: 0, step: "0.01" } }}
      sx={{ width: compact ? "100%" : 110 }}
    />
  );
  const quantityField = (
    <TextField
      size="small"
      type="number"
      label="Количество"
      {...register("quantity")}
      onKeyDown={(e) => {
        if (e.key === "Enter") void save();
      }}
      slotProps={{ htmlInput: { min: 1, step: 1 } }}
      sx={{ width: compact ? "100%" : 110 }}
    />
  );
  return (
    <TableRow>
      <TableCell>
        {position.modification_name}
        {compact && (
          <Stack spacing={1} sx={{ mt: 1 }}>
            {priceField}
            {quantityField}
          </Stack>
        )}
      </TableCell>
      <TableCell sx={positionSx(position.status)}>
        {POSITION_STATUS_LABELS[position.status][compact ? "short" : "full"]}
      </TableCell>
      {!compact && (
        <>
          <TableCell>{priceField}</TableCell>
          <TableCell>{quantityField}</TableCell>
          <TableCell />
        </>
      )}
      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
        <IconButton
          aria-label="Сохранить"
          color="primary"
          onClick={save}
          disabled={!isValid || update.isPending}
        >
          <CheckIcon />
        </IconButton>
        <IconButton aria-label="Отмена" onClick={onDone}>
          <CloseIcon />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

/**
 * A position's sum with its kopecks: the dialog is the order as the client was told it (the bot's and the Mini
 * App's texts keep kopecks), and its rows must add up to its «Итого» when the two are read over the phone;
 * floored rows fall short of a floored total by their kopecks.
 */
const positionSum = (p: TOrderPosition) => formatAmount(lineSum(p.price, p.quantity), p.currency_sign, false);

/** The order with its positions; the office edits price and quantity or deletes a position here. */
export function OrderDialog({ order, canEdit, onClose }: Props) {
  const remove = useDeletePosition();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TOrderPosition | null>(null);
  const quantity = order.positions.reduce((sum, p) => sum + p.quantity, 0);
  // On a phone the dialog takes the whole screen and each row folds price, quantity and sum under the
  // position's name, so the row's buttons stay on a 390px screen; statuses show their short letters.
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const label = (status: TOrderPosition["status"]) =>
    POSITION_STATUS_LABELS[status][phone ? "short" : "full"];

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle>
        Заказ № {order.id}: {clientDisplayName(order.client)}
      </DialogTitle>
      <DialogContent>
        <TableContainer>
          <Table size="small" aria-label="Позиции заказа">
            <TableHead>
              <TableRow>
                <TableCell>Позиция</TableCell>
                <TableCell>Статус</TableCell>
                {!phone && (
                  <>
                    <TableCell>Цена</TableCell>
                    <TableCell>Количество</TableCell>
                    <TableCell>Сумма</TableCell>
                  </>
                )}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {order.positions.map((p) =>
                editingId === p.id ? (
                  <EditRow key={p.id} position={p} compact={phone} onDone={() => setEditingId(null)} />
                ) : (
                  <TableRow key={p.id} data-testid="dialog-position">
                    <TableCell sx={positionSx(p.status)}>
                      {p.modification_name}
                      {p.addition_name ? ` + ${p.addition_name}` : ""}
                      {phone && (
                        <Typography variant="body2" color="text.secondary" data-testid="position-figures">
                          {formatPrice(p.price, p.currency_sign)} × {p.quantity} = {positionSum(p)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={positionSx(p.status)} title={POSITION_STATUS_LABELS[p.status].full}>
                      {label(p.status)}
                    </TableCell>
                    {!phone && (
                      <>
                        <TableCell>{formatPrice(p.price, p.currency_sign)}</TableCell>
                        <TableCell>{p.quantity}</TableCell>
                        <TableCell>{positionSum(p)}</TableCell>
                      </>
                    )}
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {canEdit && p.status !== "collected" && (
                        <>
                          <Tooltip title="Изменить">
                            <IconButton
                              aria-label={`Изменить ${p.modification_name}`}
                              onClick={() => setEditingId(p.id)}
                            >
                              <EditIcon />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title="Удалить">
                            <IconButton
                              aria-label={`Удалить ${p.modification_name}`}
                              color="error"
                              onClick={() => setDeleting(p)}
                            >
                              <DeleteIcon />
                            </IconButton>
                          </Tooltip>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap" sx={{ mt: 2 }}>
          <Typography fontWeight={600} data-testid="dialog-total">
            Итого: {formatTotals(order.total, false)}
          </Typography>
          <Typography color="text.secondary">Количество: {quantity}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.modification_name}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
        }}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
