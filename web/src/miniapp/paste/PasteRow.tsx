import type { TPasteCandidate } from "@wholesale/contract";
import { formatPrice } from "../format.ts";
import { BAD_QUANTITY, type Group, type GroupPrice, quantityOf, type Row } from "./rows.ts";

/**
 * One pasted line: what was read of it and what could not be, its match (a tick) or its alternatives (a
 * choice, with more on request), its quantity, the lines of the same product summed with it, and why it was
 * left out.
 */
export function PasteRow({
  row: r,
  group,
  price,
  onChange,
  onMore,
}: {
  row: Row;
  group: Group | null;
  price: GroupPrice | null;
  onChange: (change: Partial<Row>) => void;
  onMore: () => void;
}) {
  const { line } = r;
  const typed = quantityOf(r.typed);
  const choose = (c: TPasteCandidate) => onChange({ chosen: c, take: c.sold, problem: null });
  const shownPrice = (c: TPasteCandidate) =>
    group && c.modification === group.candidate.modification && price?.state === "ready"
      ? { price: price.price, sign: price.sign }
      : { price: c.price, sign: c.currency_sign };
  return (
    <div className="order-line" data-testid="paste-line">
      <div className="sub wraps">
        Строка {line.number}: «{line.text}»
      </div>
      {line.status === "unreadable" ? (
        <div className="stock-none">{line.problem}</div>
      ) : (
        <div className="sub wraps" data-testid="paste-read">
          Прочитано: «{line.name}»
          {line.quantity !== null
            ? ` — ${line.quantity} шт.`
            : line.quantity_text === null
              ? ", количество не указано"
              : `, количество «${line.quantity_text}» не взято`}
        </div>
      )}
      {line.quantity_problem && <div className="stock-none">{line.quantity_problem}</div>}
      {line.note && <div className="sub wraps">{line.note}</div>}
      {line.status === "not_found" && <div className="stock-none">Не найдено в каталоге</div>}
      {line.status === "matched" && line.match && (
        <label className="pick">
          <input
            type="checkbox"
            checked={r.take && typed !== null}
            disabled={!line.match.sold || typed === null}
            onChange={(e) => onChange({ take: e.target.checked })}
          />
          <Candidate candidate={line.match} shown={shownPrice(line.match)} />
        </label>
      )}
      {line.status === "ambiguous" && (
        <fieldset className="pick-group">
          <legend className="sub">Подходит несколько, выберите:</legend>
          {r.offered.map((a) => (
            <label key={a.modification} className="pick">
              <input
                type="radio"
                name={`paste-${line.number}`}
                checked={r.chosen?.modification === a.modification}
                disabled={!a.sold}
                onChange={() => choose(a)}
              />
              <Candidate candidate={a} shown={shownPrice(a)} />
            </label>
          ))}
          {r.page < line.alternatives_pages && (
            <button type="button" className="plain" onClick={onMore}>
              Показать ещё
            </button>
          )}
        </fieldset>
      )}
      {(line.status === "matched" || line.status === "ambiguous") && (
        <label className="paste-quantity">
          Количество, шт.
          <input
            inputMode="numeric"
            aria-label={`Количество, строка ${line.number}`}
            value={r.typed}
            onChange={(e) => onChange({ typed: e.target.value.trim(), problem: null })}
          />
        </label>
      )}
      {(line.status === "matched" || line.status === "ambiguous") &&
        typed === null &&
        // A quantity read and not taken is said above until the client types one.
        (r.typed !== "" || !line.quantity_problem) && <div className="stock-none">{BAD_QUANTITY}</div>}
      {group && group.rows.length > 1 && (
        <div className="sub wraps">
          Строки {group.rows.map((g) => g.line.number).join(", ")} — один товар: вместе {group.sum} шт.
        </div>
      )}
      {group && group.inList > 0 && (
        <div className="sub wraps" data-testid="paste-in-list">
          В списке уже {group.inList} шт.: станет {group.total} шт.
        </div>
      )}
      {price?.state === "refused" && <div className="stock-none">{price.problem}</div>}
      {r.problem && (
        <div className="notice error" role="alert">
          {r.problem}
        </div>
      )}
    </div>
  );
}

function Candidate({
  candidate: c,
  shown,
}: {
  candidate: TPasteCandidate;
  shown: { price: number | null; sign: string };
}) {
  return (
    <span>
      {c.name}
      {shown.price !== null && <span className="sub-inline"> · {formatPrice(shown.price, shown.sign)}</span>}
      {!c.sold && <span className="stock-none"> · не продаётся</span>}
    </span>
  );
}
