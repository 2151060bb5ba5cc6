import { useEffect, useState } from "react";
import { api, messageOf } from "./api.ts";
import { haptic } from "./bridge.ts";

export type InfoKind = "conditions" | "warranty" | "claim";

/** «Условия» and «Гарантия» (the bot's texts), and «Претензия», filed as the bot files it. */
export function InfoView({ kind }: { kind: InfoKind }) {
  const [text, setText] = useState<string | null>(null);
  const [claim, setClaim] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    setStatus(null);
    if (kind === "claim") return;
    setText(null);
    api.text(kind).then(
      (t) => setText(t.text),
      (error) => setStatus({ ok: false, message: messageOf(error) }),
    );
  }, [kind]);

  if (kind !== "claim")
    return (
      <section>
        <h2 style={{ padding: "0 12px" }}>{kind === "conditions" ? "Условия" : "Гарантия"}</h2>
        {status && <div className="notice error">{status.message}</div>}
        <div className="text-block">{text ?? "Загрузка…"}</div>
      </section>
    );
  return (
    <section style={{ padding: 12 }}>
      <h2>Претензия</h2>
      <p className="sub">Опишите, что случилось, с каким товаром и заказом.</p>
      <textarea
        rows={6}
        aria-label="Текст претензии"
        value={claim}
        onChange={(e) => setClaim(e.target.value)}
      />
      {status && <div className={status.ok ? "notice" : "notice error"}>{status.message}</div>}
      <div className="actions" style={{ marginTop: 8 }}>
        <button
          type="button"
          disabled={!claim.trim()}
          onClick={() =>
            api.claim(claim).then(
              (r) => {
                haptic.success();
                setClaim("");
                setStatus({ ok: true, message: r.detail });
              },
              (error) => {
                haptic.error();
                setStatus({ ok: false, message: messageOf(error) });
              },
            )
          }
        >
          Отправить
        </button>
      </div>
    </section>
  );
}
