import {
  Alert,
  Autocomplete,
  Box,
  Chip,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useVirtualizer } from "@tanstack/react-virtual";
import { LOGGED_METHODS, type TAccount, type TLogEntry } from "@wholesale/contract";
import { useEffect, useMemo, useRef, useState } from "react";
import { formatLogTimestamp } from "../../../lib/dates.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { FullScreenLoader } from "../../../ui/FullScreenLoader.tsx";
import { type LogFilters, useAccounts, useActivityLog } from "../api.ts";

const METHOD_COLORS: Record<string, "success" | "info" | "warning" | "error" | "default"> = {
  POST: "success",
  PUT: "info",
  PATCH: "info",
  DELETE: "error",
};

function bodyText(body: unknown): string {
  if (body === null || body === undefined) return "";
  return typeof body === "string" ? body : JSON.stringify(body);
}

function LogRow({ entry, username, shaded }: { entry: TLogEntry; username: string; shaded: boolean }) {
  const body = bodyText(entry.request_body);
  return (
    <Box sx={{ px: 2, py: 1, bgcolor: shaded ? "grey.100" : "background.paper" }} data-testid="log-row">
      <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap">
        <Chip
          label={entry.request_method}
          size="small"
          color={METHOD_COLORS[entry.request_method] ?? "default"}
        />
        <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
          {formatLogTimestamp(entry.timestamp)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: "break-all" }}>
          {entry.path}
        </Typography>
        <Typography variant="body2" color={username === "не определен" ? "text.secondary" : "primary"}>
          {username}
        </Typography>
        {entry.status_code !== null && (
          <Typography variant="caption" color={entry.status_code >= 400 ? "error" : "text.secondary"}>
            {entry.status_code}
          </Typography>
        )}
      </Stack>
      {body && (
        <Typography
          variant="caption"
          component="div"
          title={body}
          sx={{
            mt: 0.5,
            fontFamily: "monospace",
            color: "text.secondary",
            wordBreak: "break-all",
            display: "-webkit-box",
            WebkitLineClamp: 3,
            WebkitBoxOrient: "vertical",
            overflow: "hidden",
          }}
        >
          {body}
        </Typography>
      )}
    </Box>
  );
}

function Filters({
  accounts,
  value,
  onChange,
}: {
  accounts: TAccount[];
  value: LogFilters;
  onChange: (next: LogFilters) => void;
}) {
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mb: 1.5 }}>
      <Autocomplete
        options={accounts}
        getOptionLabel={(a) => a.username}
        value={accounts.find((a) => a.id === value.user) ?? null}
        onChange={(_e, account) => onChange({ ...value, user: account?.id ?? null })}
        renderInput={(params) => <TextField {...params} label="Аккаунт" />}
        sx={{ minWidth: 220 }}
        size="small"
      />
      <TextField
        select
        label="Метод"
        value={value.method}
        onChange={(e) => onChange({ ...value, method: e.target.value as LogFilters["method"] })}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">Все</MenuItem>
        {LOGGED_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {m}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Путь содержит"
        value={value.path}
        onChange={(e) => onChange({ ...value, path: e.target.value })}
        sx={{ flexGrow: 1 }}
      />
    </Stack>
  );
}

/** The activity log: newest first, 100 more rows each time the reader nears the end. */
export default function HistoryPage() {
  // Pinned to the moment the screen opened, so requests made while reading do not shift the pages.
  const [until] = useState(() => new Date().toISOString());
  const [filters, setFilters] = useState<LogFilters>({ user: null, method: "", path: "" });
  // Typing in the path field asks the server once the typing pauses, like the orders search.
  const path = useDebounced(filters.path, 500);
  const accounts = useAccounts();
  const log = useActivityLog(until, { ...filters, path });
  const entries = useMemo(() => log.data?.pages.flatMap((p) => p.results) ?? [], [log.data]);
  const usernames = useMemo(() => new Map(accounts.data?.map((a) => [a.id, a.username])), [accounts.data]);
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: entries.length + (log.hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = log;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - 1) void fetchNextPage();
  }, [lastIndex, entries.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const unfiltered = filters.user === null && filters.method === "" && path.trim() === "";
  // The spec's loader covers the first load only; a filter change keeps the filters on screen.
  if (accounts.isPending || (log.isPending && unfiltered)) return <FullScreenLoader />;

  return (
    <>
      <Filters accounts={accounts.data ?? []} value={filters} onChange={setFilters} />
      {log.isError ? (
        <Alert severity="error">Не удалось загрузить историю</Alert>
      ) : (
        <Paper ref={scrollRef} sx={{ height: "90vh", overflow: "auto" }} aria-label="История запросов">
          {log.isPending ? (
            <Stack alignItems="center" sx={{ py: 3 }}>
              <CircularProgress size={28} aria-label="Загрузка" />
            </Stack>
          ) : entries.length === 0 ? (
            <Typography sx={{ p: 3 }} color="text.secondary">
              {unfiltered ? "Запросов пока нет" : "Ничего не найдено"}
            </Typography>
          ) : (
            <Box sx={{ height: virtualizer.getTotalSize(), position: "relative" }}>
              {items.map((item) => {
                const entry = entries[item.index];
                return (
                  <Box
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    sx={{
                      position: "absolute",
                      top: 0,
                      left: 0,
                      width: "100%",
                      transform: `translateY(${item.start}px)`,
                    }}
                  >
                    {entry ? (
                      <LogRow
                        entry={entry}
                        username={(entry.user !== null && usernames.get(entry.user)) || "не определен"}
                        shaded={item.index % 2 === 1}
                      />
                    ) : (
                      <Stack alignItems="center" sx={{ py: 2 }}>
                        <CircularProgress size={24} aria-label="Загрузка" />
                      </Stack>
                    )}
                  </Box>
                );
              })}
            </Box>
          )}
        </Paper>
      )}
    </>
  );
}
