import ClearIcon from "@mui/icons-material/Clear";
import {
  Breadcrumbs,
  Button,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import type { TBulkAvailable } from "@wholesale/contract";
import { useState } from "react";
import { useBulkAvailable } from "../api.ts";
import { statusChange } from "../rules.ts";
import type { OffersSelection } from "./use-offers-selection.ts";

type BulkChange = Omit<TBulkAvailable, "brand_id" | "product_id">;

const BULK_ACTIONS: { label: string; body: BulkChange }[] = [
  { label: "Малый опт: включить", body: { available_small_wholesale: true } },
  { label: "Малый опт: выключить", body: { available_small_wholesale: false } },
  { label: "Крупный опт: включить", body: { available_large_wholesale: true } },
  { label: "Крупный опт: выключить", body: { available_large_wholesale: false } },
  { label: "Статус: включить", body: statusChange(true) },
  { label: "Статус: выключить", body: statusChange(false) },
];

type Props = {
  selection: OffersSelection;
  canWrite: boolean;
  onPrices: () => void;
  onExclusive: () => void;
};

/**
 * The search, what is chosen («Брэнд / Продукт», with its reset) and the bulk actions on it. Each keeps a line of
 * its own wherever they would not fit beside each other, so the selection is never squeezed into a narrow
 * column and the three bulk buttons stay together.
 */
export function SelectionBar({ selection, canWrite, onPrices, onExclusive }: Props) {
  const { search, changeSearch, brand, product, selectedBrand, clearSelection } = selection;
  return (
    <Stack
      direction={{ xs: "column", lg: "row" }}
      alignItems={{ xs: "stretch", lg: "center" }}
      spacing={1}
      useFlexGap
    >
      <Stack
        direction={{ xs: "column", sm: "row" }}
        alignItems={{ xs: "stretch", sm: "center" }}
        spacing={1}
        useFlexGap
        sx={{ flex: 1, minWidth: 0 }}
      >
        <TextField
          size="small"
          label="Поиск"
          value={search}
          onChange={(e) => changeSearch(e.target.value)}
          sx={{ width: { sm: 260 }, flexShrink: 0 }}
        />
        <Stack direction="row" alignItems="center" spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Breadcrumbs aria-label="Выбор" sx={{ flex: 1, minWidth: 0 }}>
            <Typography color={selectedBrand ? "text.primary" : "text.secondary"}>
              {selectedBrand?.name ?? "Все брэнды"}
            </Typography>
            {product && <Typography>{product.name}</Typography>}
          </Breadcrumbs>
          {(brand || product) && (
            <Tooltip title="Сбросить выбор">
              <IconButton aria-label="Сбросить выбор" onClick={clearSelection}>
                <ClearIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Stack>
      {canWrite && (
        <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" sx={{ flexShrink: 0 }}>
          <AvailabilityMenu selection={selection} />
          <Button onClick={onPrices}>Изменение цен</Button>
          <Button onClick={onExclusive}>Эксклюзивность</Button>
        </Stack>
      )}
    </Stack>
  );
}

/** «Доступность»: switches a wholesale type or the status of every modification of the open product or brand. */
function AvailabilityMenu({ selection: { productId, brandId } }: { selection: OffersSelection }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const bulkAvailable = useBulkAvailable();
  const apply = (body: BulkChange) => {
    setAnchor(null);
    if (productId !== null) bulkAvailable.mutate({ ...body, product_id: productId });
    else if (brandId !== null) bulkAvailable.mutate({ ...body, brand_id: brandId });
  };
  return (
    <>
      <Button disabled={brandId === null} onClick={(e) => setAnchor(e.currentTarget)}>
        Доступность
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {BULK_ACTIONS.map((a) => (
          <MenuItem key={a.label} onClick={() => apply(a.body)}>
            {a.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
