import type { LineMode } from "./use-line-action.ts";

/** A row's «Изменить» (when it can be changed) and «Удалить», each opening its own part of the row. */
export function ChangeOrDelete({
  changeable = true,
  onMode,
}: {
  changeable?: boolean;
  onMode: (mode: LineMode) => void;
}) {
  return (
    <div className="actions">
      {changeable && (
        <button type="button" className="link" onClick={() => onMode("editing")}>
          Изменить
        </button>
      )}
      <button type="button" className="danger" onClick={() => onMode("deleting")}>
        Удалить
      </button>
    </div>
  );
}
