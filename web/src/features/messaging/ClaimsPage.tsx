import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Box,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  Link,
  Pagination,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from "@mui/material";
import type { TClaim, TClaimStatus } from "@wholesale/contract";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { formatDateTime } from "../../lib/dates.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { CLAIMS_PAGE_SIZE, useClaims, useDeleteClaim, useUpdateClaim } from "./api.ts";
import { ClaimOrder } from "./ClaimOrder.tsx";

/** The tabs and the status each really filters by (the spec's filter never worked; this one does). */
const TABS: { label: string; status: TClaimStatus | undefined }[] = [
  { label: "Все", status: undefined },
  { label: "Открытые", status: "not_reviewed" },
  { label: "Закрытые", status: "reviewed" },
];

export const CLAIM_STATUS_LABELS: Record<TClaimStatus, string> = {
  not_reviewed: "Не рассмотрена",
  reviewed: "Рассмотрена",
};

/** Who wrote the claim, linked to their dialog on the clients screen, and how to call them. */
function ClaimClient({ claim }: { claim: TClaim }) {
  return (
    <Link component={RouterLink} to={`/clients?client=${claim.owner}`} underline="hover">
      {claim.owner_name}
    </Link>
  );
}

/**
 * Marks a claim reviewed or opens it again. One button whose label turns with the status, never disabled while
 * the change is under way: a keyboard user's focus stays on it instead of falling back to the page's start.
 */
function ClaimStatusButton({
  claim,
  busy,
  onChange,
}: {
  claim: TClaim;
  busy: boolean;
  onChange: (status: TClaimStatus) => void;
}) {
  const reviewed = claim.status === "reviewed";
  return (
    <Tooltip title={reviewed ? "Открыть снова" : "Рассмотрена"}>
      <IconButton
        aria-label={reviewed ? "Открыть снова" : "Отметить рассмотренной"}
        aria-disabled={busy}
        color={reviewed ? "default" : "success"}
        onClick={() => {
          if (!busy) onChange(reviewed ? "not_reviewed" : "reviewed");
        }}
      >
        {reviewed ? <CloseIcon /> : <CheckIcon />}
      </IconButton>
    </Tooltip>
  );
}

/**
 * Claims as cards (part 1): the client (a link to them) with their phone, when, the status and the text; the
 * order the claim most likely concerns opens from the card.
 */
export default function ClaimsPage() {
  const [tab, setTab] = useState(0);
  const [page, setPage] = useState(0);
  const claims = useClaims(TABS[tab]?.status, page);
  const pages = Math.ceil((claims.data?.count ?? 0) / CLAIMS_PAGE_SIZE);
  const update = useUpdateClaim();
  const remove = useDeleteClaim();
  const [deleting, setDeleting] = useState<TClaim | null>(null);

  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_e, v: number) => {
          setTab(v);
          setPage(0);
        }}
        aria-label="Заявки"
      >
        {TABS.map((t) => (
          <Tab key={t.label} label={t.label} />
        ))}
      </Tabs>
      {claims.isPending ? (
        <FullScreenLoader />
      ) : (
        <Stack spacing={1.5} aria-label="Список заявок" role="list">
          {(claims.data?.results ?? []).map((c) => (
            <Card key={c.id} variant="outlined" role="listitem" aria-label={`Заявка ${c.id}`}>
              <CardHeader
                title={<ClaimClient claim={c} />}
                subheader={
                  <>
                    {formatDateTime(c.created_date)}
                    {c.owner_phone && (
                      <Link href={`tel:${c.owner_phone}`} underline="hover" sx={{ display: "block" }}>
                        {c.owner_phone}
                      </Link>
                    )}
                  </>
                }
                action={
                  <Chip
                    size="small"
                    label={CLAIM_STATUS_LABELS[c.status]}
                    color={c.status === "reviewed" ? "success" : "warning"}
                  />
                }
                slotProps={{ title: { variant: "subtitle1" } }}
              />
              <CardContent sx={{ pt: 0 }}>
                <Typography variant="body2" sx={{ whiteSpace: "pre-line" }}>
                  {c.text}
                </Typography>
              </CardContent>
              <CardActions>
                {c.order && <ClaimOrder owner={c.owner} order={c.order} />}
                <Box sx={{ flexGrow: 1 }} />
                <ClaimStatusButton
                  claim={c}
                  busy={update.isPending}
                  onChange={(status) => update.mutate({ id: c.id, status, owner: c.owner })}
                />
                <Tooltip title="Удалить">
                  <IconButton aria-label="Удалить" color="error" onClick={() => setDeleting(c)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </CardActions>
            </Card>
          ))}
          {claims.data?.results.length === 0 && (
            <Typography color="text.secondary" align="center" sx={{ py: 4 }}>
              Заявок нет
            </Typography>
          )}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_e, p) => setPage(p - 1)}
          sx={{ alignSelf: "center" }}
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        label="заявка"
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
