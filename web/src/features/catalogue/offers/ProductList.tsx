import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  IconButton,
  Tooltip,
  Typography,
} from "@mui/material";
import type { TBrand, TModification, TProduct } from "@wholesale/contract";
import { searchTerm } from "../api.ts";
import { ModificationsTable } from "../ModificationsTable.tsx";
import type { OffersSelection } from "./use-offers-selection.ts";

type Props = {
  selection: OffersSelection;
  canWrite: boolean;
  canStock: boolean;
  onAddProduct: () => void;
  onEditProduct: (product: TProduct) => void;
  onDeleteProduct: (product: TProduct) => void;
  onEditModification: (modification: TModification) => void;
  onDeleteModification: (modification: TModification) => void;
};

/** Products under their brands, in the brands' order (a product whose brand is not listed is left out). */
function byBrand(products: TProduct[], brands: TBrand[]) {
  return brands
    .map((brand) => ({ brand, items: products.filter((p) => p.brand === brand.id) }))
    .filter((group) => group.items.length > 0);
}

/**
 * The chosen brand's products, or every matched brand's under its name, as accordions: the open one shows its
 * modifications. «Ничего не найдено» or «Продуктов нет» when there are none.
 */
export function ProductList({ selection, canWrite, canStock, onAddProduct, ...actions }: Props) {
  const { brands, brandList, brand, products, search } = selection;
  if (brandList.length === 0)
    return brands.isPending ? null : <Typography color="text.secondary">Ничего не найдено</Typography>;
  return (
    <Box>
      {canWrite && brand && (
        <Box sx={{ mb: 1 }}>
          <Button size="small" startIcon={<AddIcon />} onClick={onAddProduct}>
            Добавить продукт
          </Button>
        </Box>
      )}
      {byBrand(products.data ?? [], brand ? [brand] : brandList).map(({ brand: group, items }) => (
        <Box key={group.id} component="section" aria-label={group.name}>
          {!brand && (
            <Typography
              variant="overline"
              component="h2"
              color="text.secondary"
              sx={{ display: "block", mt: 1 }}
            >
              {group.name}
            </Typography>
          )}
          {items.map((p) => (
            <ProductAccordion
              key={p.id}
              product={p}
              selection={selection}
              canWrite={canWrite}
              canStock={canStock}
              {...actions}
            />
          ))}
        </Box>
      ))}
      {products.data?.length === 0 && (
        <Typography color="text.secondary">
          {searchTerm(search) ? "Ничего не найдено" : "Продуктов нет"}
        </Typography>
      )}
    </Box>
  );
}

/** Room the edit and delete buttons take at the header's right, before the expand icon; 30 px tall, they sit
 * 9 px down the header's 48 px row. */
const PRODUCT_ACTIONS_WIDTH = 72;

/** One product: its name with edit and delete, and, open, its modifications' table. */
function ProductAccordion({
  product: p,
  selection: { productId, openProduct, search },
  canWrite,
  canStock,
  onEditProduct,
  onDeleteProduct,
  onEditModification,
  onDeleteModification,
}: Omit<Props, "onAddProduct"> & { product: TProduct }) {
  // The edit and delete buttons sit over the header's row but outside its button: a button inside another
  // is neither announced nor reachable on its own by a screen reader.
  return (
    <Box sx={{ position: "relative" }}>
      <Accordion
        expanded={productId === p.id}
        onChange={(_e, expanded) => openProduct(expanded ? p.id : null)}
        // A product's header is a heading under the page's h1, not MUI's default h3.
        slotProps={{ transition: { unmountOnExit: true }, heading: { component: "h2" } }}
        disableGutters
      >
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          sx={
            canWrite ? { "& .MuiAccordionSummary-content": { mr: `${PRODUCT_ACTIONS_WIDTH}px` } } : undefined
          }
        >
          <Typography sx={{ flex: 1, fontWeight: 500 }}>{p.name}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <ModificationsTable
            product={p.id}
            search={search}
            canWrite={canWrite}
            canStock={canStock}
            onEdit={onEditModification}
            onDelete={onDeleteModification}
          />
        </AccordionDetails>
      </Accordion>
      {canWrite && (
        <Box sx={{ position: "absolute", top: 9, right: 48, display: "flex" }}>
          <Tooltip title="Редактировать продукт">
            <IconButton
              size="small"
              aria-label={`Редактировать продукт ${p.name}`}
              onClick={() => onEditProduct(p)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Удалить продукт">
            <IconButton
              size="small"
              aria-label={`Удалить продукт ${p.name}`}
              onClick={() => onDeleteProduct(p)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
    </Box>
  );
}
