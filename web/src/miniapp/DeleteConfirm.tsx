/**
 * «Удалить …?» under a line of «Мой заказ» or of the list: nothing is deleted before the second «Удалить»; a
 * refusal is said here, with the buttons still there.
 */
export function DeleteConfirm({
  question,
  problem,
  busy,
  onCancel,
  onDelete,
}: {
  question: string;
  problem: string | null;
  busy: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="notice" data-testid="delete-confirm">
      <div>{question}</div>
      {problem && (
        <div className="error" role="alert">
          {problem}
        </div>
      )}
      <div className="actions">
        <button type="button" className="plain" onClick={onCancel}>
          Отмена
        </button>
        <button type="button" className="destructive" disabled={busy} onClick={onDelete}>
          Удалить
        </button>
      </div>
    </div>
  );
}
