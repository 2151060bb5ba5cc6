import AddIcon from "@mui/icons-material/Add";
import ClearIcon from "@mui/icons-material/Clear";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Breadcrumbs,
  Button,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import type { TBulkAvailable, TModification, TProduct } from "@wholesale/contract";
import { useState } from "react";
import { can, useSession } from "../../session/session.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { AddModificationDialog } from "./AddModificationDialog.tsx";
import {
  searchTerm,
  useBrands,
  useBulkAvailable,
  useCreateBrand,
  useCreateProduct,
  useDeleteBrand,
  useDeleteModification,
  useDeleteProduct,
  useProducts,
  useUpdateBrand,
  useUpdateProduct,
} from "./api.ts";
import { BulkPriceDialog } from "./BulkPriceDialog.tsx";
import { ExclusiveDialog } from "./ExclusiveDialog.tsx";
import { LeftoversDialog } from "./LeftoversDialog.tsx";
import { ModificationDialog } from "./ModificationDialog.tsx";
import { ModificationsTable } from "./ModificationsTable.tsx";
import { NameDialog } from "./NameDialog.tsx";
import { OffersFileDialog } from "./OffersFileDialog.tsx";
import { OrdersReportButton } from "./OrdersReportButton.tsx";

type Named = { id: number; name: string };
/** The brand strip's first tab: the products of every brand (of every brand a search matched). */
const ALL_BRANDS = "all";
type BrandChoice = number | typeof ALL_BRANDS;
type Dialog =
  | { kind: "addModification" }
  | { kind: "file" }
  | { kind: "leftovers" }
  | { kind: "prices" }
  | { kind: "exclusive" }
  | { kind: "brand"; brand?: Named & { description: string } }
  | { kind: "product"; product?: Named }
  | null;
type Deleting = { kind: "brand" | "product" | "modification"; item: Named } | null;

/** Products under their brands, in the brands' order (a product whose brand is not listed is left out). */
function byBrand(products: TProduct[], brands: Named[]) {
  return brands
    .map((brand) => ({ brand, items: products.filter((p) => p.brand === brand.id) }))
    .filter((group) => group.items.length > 0);
}

const BULK_ACTIONS: { label: string; body: Omit<TBulkAvailable, "brand_id" | "product_id"> }[] = [
  { label: "Малый опт: включить", body: { available_small_wholesale: true } },
  { label: "Малый опт: выключить", body: { available_small_wholesale: false } },
  { label: "Крупный опт: включить", body: { available_large_wholesale: true } },
  { label: "Крупный опт: выключить", body: { available_large_wholesale: false } },
  { label: "Статус: включить", body: { available: true } },
  { label: "Статус: выключить", body: { available: false } },
];

/**
 * The offers page (spec 2.1): brands as tabs, products as accordions, modifications in tables. It opens on
 * the first brand (the spec's blank «Выберите брэнд» asked for a click before anything showed); a search
 * looks across every brand at once («Все брэнды», its matches under their brands) until a brand is chosen.
 */
export default function OffersPage() {
  const { myUser } = useSession();
  const canWrite = can(myUser, "catalogue.write");
  const canStock = can(myUser, "stock.write");
  const canReports = can(myUser, "reports.read");
  const canManageReports = can(myUser, "reports.manage");
  const canOrders = can(myUser, "orders.read");

  const [search, setSearch] = useState("");
  // Null until staff choose: the first brand.
  const [brandChoice, setBrandChoice] = useState<BrandChoice | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [bulkMenu, setBulkMenu] = useState<HTMLElement | null>(null);

  const brands = useBrands(search);
  const brandList = brands.data ?? [];
  const chosen = brandChoice ?? brandList[0]?.id ?? ALL_BRANDS;
  // A brand the search no longer matches gives way to every brand it does.
  const brand = brandList.find((b) => b.id === chosen) ?? null;
  const products = useProducts(brand?.id ?? null, search, brands.isSuccess);
  const createBrand = useCreateBrand();
  const updateBrand = useUpdateBrand();
  const deleteBrand = useDeleteBrand();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const deleteProduct = useDeleteProduct();
  const deleteModification = useDeleteModification();
  const bulkAvailable = useBulkAvailable();

  const product = (products.data ?? []).find((p) => p.id === productId) ?? null;
  // Under «Все брэнды» an open product still names its brand: the bulk actions and dialogs act on both.
  const brandId = brand?.id ?? product?.brand ?? null;
  const selectedBrand = brandList.find((b) => b.id === brandId) ?? null;
  const clearSelection = () => {
    setBrandChoice(ALL_BRANDS);
    setProductId(null);
  };
  const chooseBrand = (choice: BrandChoice) => {
    setBrandChoice(choice);
    setProductId(null);
  };
  const onSearch = (text: string) => {
    // A search starting looks across every brand; refining it keeps whatever tab staff then chose.
    if (!searchTerm(search) && searchTerm(text)) chooseBrand(ALL_BRANDS);
    setSearch(text);
  };

  const onDelete = () => {
    if (!deleting) return;
    const { kind, item } = deleting;
    if (kind === "brand")
      deleteBrand.mutate(item.id, { onSuccess: () => item.id === brand?.id && clearSelection() });
    if (kind === "product")
      deleteProduct.mutate(item.id, { onSuccess: () => item.id === productId && setProductId(null) });
    if (kind === "modification") deleteModification.mutate(item.id);
  };

  const onBulk = (body: Omit<TBulkAvailable, "brand_id" | "product_id">) => {
    setBulkMenu(null);
    if (productId !== null) bulkAvailable.mutate({ ...body, product_id: productId });
    else if (brandId !== null) bulkAvailable.mutate({ ...body, brand_id: brandId });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" alignItems="center" spacing={1} useFlexGap flexWrap="wrap">
        {canWrite && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ kind: "addModification" })}
          >
            Добавить
          </Button>
        )}
        {canWrite && <Button onClick={() => setDialog({ kind: "file" })}>Новый файл</Button>}
        {canReports && <Button onClick={() => setDialog({ kind: "leftovers" })}>Остатки</Button>}
        {canOrders && <OrdersReportButton />}
      </Stack>

      {/* Search, the selection and the bulk actions each keep a line of their own wherever they would not
          fit beside each other, so the selection is never squeezed into a narrow column and the three bulk
          buttons stay together. */}
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
            onChange={(e) => onSearch(e.target.value)}
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
            <Button disabled={brandId === null} onClick={(e) => setBulkMenu(e.currentTarget)}>
              Доступность
            </Button>
            <Menu anchorEl={bulkMenu} open={bulkMenu !== null} onClose={() => setBulkMenu(null)}>
              {BULK_ACTIONS.map((a) => (
                <MenuItem key={a.label} onClick={() => onBulk(a.body)}>
                  {a.label}
                </MenuItem>
              ))}
            </Menu>
            <Button onClick={() => setDialog({ kind: "prices" })}>Изменение цен</Button>
            <Button onClick={() => setDialog({ kind: "exclusive" })}>Эксклюзивность</Button>
          </Stack>
        )}
      </Stack>

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
                <IconButton aria-label="Добавить брэнд" onClick={() => setDialog({ kind: "brand" })}>
                  <AddIcon />
                </IconButton>
              </Tooltip>
              {brand && (
                <>
                  <Tooltip title="Редактировать брэнд">
                    <IconButton
                      aria-label="Редактировать брэнд"
                      onClick={() => setDialog({ kind: "brand", brand })}
                    >
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Удалить брэнд">
                    <IconButton
                      aria-label="Удалить брэнд"
                      onClick={() => setDeleting({ kind: "brand", item: brand })}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>

      {brandList.length === 0 && !brands.isPending && (
        <Typography color="text.secondary">Ничего не найдено</Typography>
      )}
      {brandList.length > 0 && (
        <Box>
          {canWrite && brand && (
            <Box sx={{ mb: 1 }}>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: "product" })}>
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
                <Accordion
                  key={p.id}
                  expanded={productId === p.id}
                  onChange={(_e, expanded) => setProductId(expanded ? p.id : null)}
                  slotProps={{ transition: { unmountOnExit: true } }}
                  disableGutters
                >
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                    <Typography sx={{ flex: 1, fontWeight: 500 }}>{p.name}</Typography>
                    {canWrite && (
                      <Box onClick={(e) => e.stopPropagation()} sx={{ display: "flex" }}>
                        <Tooltip title="Редактировать продукт">
                          <IconButton
                            size="small"
                            component="span"
                            aria-label={`Редактировать продукт ${p.name}`}
                            onClick={() => setDialog({ kind: "product", product: p })}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Удалить продукт">
                          <IconButton
                            size="small"
                            component="span"
                            aria-label={`Удалить продукт ${p.name}`}
                            onClick={() => setDeleting({ kind: "product", item: p })}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Box>
                    )}
                  </AccordionSummary>
                  <AccordionDetails>
                    <ModificationsTable
                      product={p.id}
                      search={search}
                      canWrite={canWrite}
                      canStock={canStock}
                      onEdit={(m: TModification) => setEditing(m.id)}
                      onDelete={(m: TModification) => setDeleting({ kind: "modification", item: m })}
                    />
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          ))}
          {products.data?.length === 0 && (
            <Typography color="text.secondary">
              {searchTerm(search) ? "Ничего не найдено" : "Продуктов нет"}
            </Typography>
          )}
        </Box>
      )}

      <AddModificationDialog
        open={dialog?.kind === "addModification"}
        brand={brandId}
        product={productId}
        onClose={() => setDialog(null)}
      />
      <OffersFileDialog open={dialog?.kind === "file"} onClose={() => setDialog(null)} />
      <LeftoversDialog
        open={dialog?.kind === "leftovers"}
        canManage={canManageReports}
        onClose={() => setDialog(null)}
      />
      <BulkPriceDialog
        open={dialog?.kind === "prices"}
        brand={brandId}
        product={productId}
        onClose={() => setDialog(null)}
      />
      <ExclusiveDialog
        open={dialog?.kind === "exclusive"}
        brand={brandId}
        onClose={() => setDialog(null)}
        onDone={clearSelection}
      />
      <NameDialog
        open={dialog?.kind === "brand"}
        title={dialog?.kind === "brand" && dialog.brand ? "Редактировать брэнд" : "Добавить брэнд"}
        withDescription
        initialName={dialog?.kind === "brand" ? dialog.brand?.name : ""}
        initialDescription={dialog?.kind === "brand" ? dialog.brand?.description : ""}
        onSubmit={async (body) => {
          const existing = dialog?.kind === "brand" ? dialog.brand : undefined;
          const saved = existing
            ? await updateBrand.mutateAsync({ id: existing.id, body })
            : await createBrand.mutateAsync(body);
          setBrandChoice(saved.id);
        }}
        onClose={() => setDialog(null)}
      />
      <NameDialog
        open={dialog?.kind === "product"}
        title={dialog?.kind === "product" && dialog.product ? "Редактировать продукт" : "Добавить продукт"}
        initialName={dialog?.kind === "product" ? dialog.product?.name : ""}
        onSubmit={async ({ name }) => {
          const existing = dialog?.kind === "product" ? dialog.product : undefined;
          if (existing) await updateProduct.mutateAsync({ id: existing.id, body: { name } });
          else if (brandId !== null) {
            const saved = await createProduct.mutateAsync({ name, brand: brandId });
            setProductId(saved.id);
          }
        }}
        onClose={() => setDialog(null)}
      />
      <ModificationDialog modificationId={editing} canWrite={canWrite} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.item.name}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
