import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { IconButton, Paper, Stack, Tab, Tabs, Tooltip } from "@mui/material";
import type { TBrand } from "@wholesale/contract";
import { ALL_BRANDS, type BrandChoice, type OffersSelection } from "./use-offers-selection.ts";

type Props = {
  selection: OffersSelection;
  canWrite: boolean;
  onAdd: () => void;
  onEdit: (brand: TBrand) => void;
  onDelete: (brand: TBrand) => void;
};

/** The brands as tabs, «Все брэнды» first, and the buttons adding a brand or changing the chosen one. */
export function BrandTabs({
  selection: { brand, brandList, chooseBrand },
  canWrite,
  onAdd,
  onEdit,
  onDelete,
}: Props) {
  return (
    <Paper variant="outlined">
      {/* On a phone the brand's buttons take a line of their own: beside the tabs they left room for one
          or two brand names. */}
      <Stack direction={{ xs: "column", sm: "row" }} alignItems={{ xs: "stretch", sm: "center" }}>
        <Tabs
          value={brand ? brand.id : ALL_BRANDS}
          onChange={(_e, choice: BrandChoice) => chooseBrand(choice)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Брэнды"
          sx={{ flex: 1, minWidth: 0, "& .MuiTab-root": { minWidth: 0, px: 1.5 } }}
        >
          <Tab value={ALL_BRANDS} label="Все брэнды" />
          {brandList.map((b) => (
            <Tab key={b.id} value={b.id} label={b.name} />
          ))}
        </Tabs>
        {canWrite && (
          <Stack
            direction="row"
            justifyContent="flex-end"
            sx={{ px: 1, borderTop: { xs: 1, sm: 0 }, borderColor: "divider" }}
          >
            <Tooltip title="Добавить брэнд">
              <IconButton aria-label="Добавить брэнд" onClick={onAdd}>
                <AddIcon />
              </IconButton>
            </Tooltip>
            {brand && (
              <>
                <Tooltip title="Редактировать брэнд">
                  <IconButton aria-label="Редактировать брэнд" onClick={() => onEdit(brand)}>
                    <EditIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Удалить брэнд">
                  <IconButton aria-label="Удалить брэнд" onClick={() => onDelete(brand)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
