import { Autocomplete, Chip, TextField } from "@mui/material";
import type { TClientRef } from "@wholesale/contract";
import { useState } from "react";
import { useDebounced } from "../../lib/use-debounced.ts";
import { useClientsPage } from "./api.ts";

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
  const options = (found.data?.results ?? []).map((c) => ({ id: c.id, nickname: c.nickname }));

  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      filterOptions={(o) => o}
      loading={found.isFetching}
      loadingText="Загрузка…"
      noOptionsText="Клиенты не найдены"
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.nickname}
      getOptionKey={(o) => o.id}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, v) => onChange(v)}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => (
          <Chip size="small" label={option.nickname} {...getItemProps({ index })} key={option.id} />
        ))
      }
      renderInput={(params) => <TextField {...params} label="Клиенты" />}
    />
  );
}
