import type { TPreparedList } from "@wholesale/contract";
import type { OnError, OnList } from "./list/callbacks.ts";
import { notReadText } from "./paste/notices.ts";
import { PasteRow } from "./paste/PasteRow.tsx";
import { usePaste } from "./paste/use-paste.ts";

type Props = {
  onList: OnList;
  /** Everything chosen went in: the list as it stands and what to tell the client. */
  onDone: (list: TPreparedList, notice: string) => void;
  onError: OnError;
};

/**
 * «Вставить список»: the pasted text read line by line (what was read: the name and quantity, and what could not
 * be, each said), matched to the catalogue, and the chosen lines added to the list in one request: each adds to
 * what the list holds, lines of one product are summed, and nothing is taken that the client has not seen.
 * The paste's state and requests are `paste/use-paste.ts`; a line on screen is `paste/PasteRow.tsx`.
 */
export function PasteSection(props: Props) {
  const { text, changeText, found, rows, set, groups, prices, busy, notice, match, more, add } =
    usePaste(props);
  const fresh = groups.filter((g) => g.inList === 0).length;
  const free = found ? Math.max(0, found.list_max_lines - found.list_lines) : 0;
  const overCap = found !== null && fresh > free;
  const ready = prices.filter((p) => p.state === "ready").length;
  const waiting = prices.some((p) => p.state === "asking");
  return (
    <div className="paste">
      <label className="sub" htmlFor="paste-text">
        Строка на позицию: название и количество, например «Кабель Lightning 1м Apple — 10».
      </label>
      <textarea
        id="paste-text"
        aria-label="Список товаров"
        rows={6}
        value={text}
        placeholder={"Кабель Lightning 1м Apple — 10\nЗарядка 20W — 5"}
        onChange={(e) => changeText(e.target.value)}
      />
      <div className="actions">
        <button type="button" disabled={busy || text.trim() === ""} onClick={() => void match()}>
          Найти в каталоге
        </button>
      </div>
      {notice && (
        <div className="notice" role="status" data-testid="paste-notice">
          {notice}
        </div>
      )}
      {found?.not_read && (
        <div className="notice error" data-testid="paste-not-read">
          {notReadText(found.not_read, found.list_max_lines)}
        </div>
      )}
      {rows.map((r, i) => {
        const at = groups.findIndex((g) => g.rows.includes(r));
        return (
          <PasteRow
            // The pasted lines in their order: the line's number is their identity.
            key={r.line.number}
            row={r}
            group={groups[at] ?? null}
            price={prices[at] ?? null}
            onChange={(change) => set(i, change)}
            onMore={() => void more(i)}
          />
        );
      })}
      {found && (
        <div className="send-box">
          {overCap && (
            <div className="notice error" role="alert" data-testid="paste-cap">
              В списке не больше {found.list_max_lines} строк: свободных мест — {free}, а новых позиций
              выбрано {fresh}. Снимите отметку с лишних.
            </div>
          )}
          <button
            type="button"
            className="wide"
            disabled={busy || ready === 0 || waiting || overCap}
            onClick={() => void add()}
          >
            Добавить в список ({ready} поз.)
          </button>
        </div>
      )}
    </div>
  );
}
