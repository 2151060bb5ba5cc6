import { Autocomplete, TextField } from "@mui/material";
import { clientDisplayName } from "@wholesale/contract";
import { useState } from "react";
import { useDebounced } from "../../lib/use-debounced.ts";
import { useClientsPage } from "../clients/index.ts";

/** Who writes to the bot: a client with a Telegram account, or a new user (`id` null). */
export type Who = { id: number | null; label: string };
export const NEW_USER: Who = { id: null, label: "новый пользователь" };

/** «Кто пишет боту»: a new user, or a client found by what staff type. */
export function WhoPicker({ value, onChange }: { value: Who; onChange: (who: Who) => void }) {
  const [input, setInput] = useState("");
  // Only what staff type searches; the label the picker writes back after a choice does not.
  const search = useDebounced(input, 300).trim();
  const found = useClientsPage({ onlyActive: false, search: search || undefined, limit: 20, offset: 0 });
  const clients = (found.data?.results ?? [])
    .filter((c) => c.telegram_id !== null)
    .map((c): Who => ({ id: c.id, label: clientDisplayName(c) }));
  return (
    <Autocomplete
      sx={{ minWidth: 320 }}
      options={[NEW_USER, ...clients]}
      value={value}
      disableClearable
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.id ?? 0}
      onInputChange={(_e, v, reason) => setInput(reason === "input" ? v : "")}
      onChange={(_e, v) => onChange(v)}
      loading={found.isFetching}
      loadingText="Загрузка…"
      renderInput={(params) => <TextField {...params} size="small" label="Кто пишет боту" />}
    />
  );
}
