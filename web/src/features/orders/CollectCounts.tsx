import { CircularProgress, Typography } from "@mui/material";
import type { TSendToCollect } from "@wholesale/contract";
import { useSendToCollectPreview } from "./api.ts";

/**
 * What a send to collect is about to move, asked from the server when the dialog opens: one click sends a
 * whole wholesale type or direction to the storehouse, so staff see how much before they confirm.
 */
export function CollectCounts({ choice }: { choice: TSendToCollect | null }) {
  const preview = useSendToCollectPreview(choice);
  if (choice === null) return null;
  if (preview.isPending) return <CircularProgress size={20} aria-label="Загрузка" />;
  if (preview.isError) return null;
  const { orders, positions } = preview.data;
  if (positions === 0) {
    return (
      <Typography color="text.secondary" data-testid="collect-counts">
        Новых позиций для сборки нет: всё уже отправлено на сборку
      </Typography>
    );
  }
  return (
    <Typography data-testid="collect-counts">
      На сборку будут отправлены заказы: <b>{orders}</b>, позиции: <b>{positions}</b>.
    </Typography>
  );
}

/** True once the server has said there is something to send (the action stays disabled until then). */
export function useHasSomethingToCollect(choice: TSendToCollect | null): boolean {
  const preview = useSendToCollectPreview(choice);
  return (preview.data?.positions ?? 0) > 0;
}
