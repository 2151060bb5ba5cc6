import type { InfoKind } from "../InfoView.tsx";
import type { ListTab } from "../ListSection.tsx";

/** The section on screen. */
export type View =
  | { kind: "catalogue" }
  | { kind: "order" }
  | { kind: "list"; tab: ListTab }
  | { kind: "waits" }
  | { kind: "info"; info: InfoKind };

type Props = {
  view: View;
  onView: (view: View) => void;
  /** The order's positions and the list's lines, counted in their sections' names. */
  positions: number;
  listed: number;
};

/** The sections' bar, each in sight on a phone: the bar wraps rather than hide «Претензия» past the edge. */
export function SectionsBar({ view, onView, positions, listed }: Props) {
  const section = (label: string, to: View, current: boolean) => (
    <button
      type="button"
      className="link"
      aria-current={current ? "page" : undefined}
      onClick={() => onView(to)}
    >
      {label}
    </button>
  );
  const info = (label: string, kind: InfoKind) =>
    section(label, { kind: "info", info: kind }, view.kind === "info" && view.info === kind);
  return (
    <nav className="bar" aria-label="Разделы">
      {section("Каталог", { kind: "catalogue" }, view.kind === "catalogue")}
      {section(
        `Мой заказ${positions > 0 ? ` (${positions})` : ""}`,
        { kind: "order" },
        view.kind === "order",
      )}
      {section(
        `Список${listed > 0 ? ` (${listed})` : ""}`,
        { kind: "list", tab: "lines" },
        view.kind === "list",
      )}
      {section("Мои ожидания", { kind: "waits" }, view.kind === "waits")}
      {info("Условия", "conditions")}
      {info("Гарантия", "warranty")}
      {info("Претензия", "claim")}
    </nav>
  );
}
