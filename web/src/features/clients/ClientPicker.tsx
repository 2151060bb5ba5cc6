import { Autocomplete, Chip, ListItemText, TextField } from "@mui/material";
import type { TClientRef } from "@wholesale/contract";
import { clientDisplayName } from "@wholesale/contract";
import { useState } from "react";
import { useDebounced } from "../../lib/use-debounced.ts";
import { useClientsPage } from "./api.ts";

/** A found client as the list offers it: two «Татьяна Николаева» differ by organization and phone. */
type Option = TClientRef & { name?: string; phone?: string };

/** Picks clients by searching on the server, so it works with thousands of them. */
export function ClientPicker({
  value,
  onChange,
}: {
  value: TClientRef[];
  onChange: (v: TClientRef[]) => void;
}) {
  const [input, setInput] = useState("");
  const search = useDebounced(input, 300).trim();
  const found = useClientsPage({ onlyActive: true, search: search || undefined, limit: 20, offset: 0 });
  const options = (found.data?.results ?? []).map(
    (c): Option => ({
      id: c.id,
      nickname: c.nickname,
      name: clientDisplayName(c),
      phone: c.phone_number ?? undefined,
    }),
  );

  return (
    <Autocomplete<Option, true>
      multiple
      options={options}
      value={value}
      filterOptions={(o) => o}
      loading={found.isFetching}
      loadingText="Загрузка…"
      noOptionsText="Клиенты не найдены"
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name ?? o.nickname}
      getOptionKey={(o) => o.id}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, v) => onChange(v.map(({ id, nickname }) => ({ id, nickname })))}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <ListItemText primary={option.name ?? option.nickname} secondary={option.phone} />
        </li>
      )}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => (
          <Chip size="small" label={option.nickname} {...getItemProps({ index })} key={option.id} />
        ))
      }
      renderInput={(params) => <TextField {...params} label="Клиенты" />}
    />
  );
}
