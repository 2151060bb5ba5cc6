import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, IconButton, Tooltip } from "@mui/material";

type Props = {
  /** What the row is called, for the buttons' accessible names ("Редактировать office"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** When deleting is not allowed, why (shown as the tooltip of the disabled button). */
  deleteDisabledReason?: string;
};

/** The edit and delete buttons of a table row's «Действия» cell. */
export function EditDeleteActions({ name, onEdit, onDelete, deleteDisabledReason }: Props) {
  return (
    <>
      <Tooltip title="Редактировать">
        <IconButton size="small" aria-label={`Редактировать ${name}`} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={deleteDisabledReason ?? "Удалить"}>
        {/* A disabled button fires no events; the span lets its tooltip still explain why. */}
        <Box component="span">
          <IconButton
            size="small"
            aria-label={`Удалить ${name}`}
            disabled={deleteDisabledReason !== undefined}
            onClick={onDelete}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      </Tooltip>
    </>
  );
}
