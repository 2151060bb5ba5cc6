import { ConfirmDeleteDialog } from "../../../ui/ConfirmDeleteDialog.tsx";
import { AddModificationDialog } from "../AddModificationDialog.tsx";
import {
  useCreateBrand,
  useCreateProduct,
  useDeleteBrand,
  useDeleteModification,
  useDeleteProduct,
  useUpdateBrand,
  useUpdateProduct,
} from "../api.ts";
import { BulkPriceDialog } from "../BulkPriceDialog.tsx";
import { ExclusiveDialog } from "../ExclusiveDialog.tsx";
import { LeftoversDialog } from "../LeftoversDialog.tsx";
import { ModificationDialog } from "../ModificationDialog.tsx";
import { NameDialog } from "../NameDialog.tsx";
import { OffersFileDialog } from "../OffersFileDialog.tsx";
import type { OffersSelection } from "./use-offers-selection.ts";

type Named = { id: number; name: string };
/** The dialog open over the page, if any. */
export type OffersDialog =
  | { kind: "addModification" }
  | { kind: "file" }
  | { kind: "leftovers" }
  | { kind: "prices" }
  | { kind: "exclusive" }
  | { kind: "brand"; brand?: Named & { description: string } }
  | { kind: "product"; product?: Named }
  | { kind: "modification"; id: number }
  | { kind: "delete"; what: "brand" | "product" | "modification"; item: Named }
  | null;

type Props = {
  dialog: OffersDialog;
  onClose: () => void;
  selection: OffersSelection;
  canWrite: boolean;
  canManageReports: boolean;
};

/**
 * Every dialog of the offers page, each acting on the brand and product chosen: a brand or product saved
 * becomes the one shown, one deleted while chosen is no longer.
 */
export function OffersDialogs({ dialog, onClose, selection, canWrite, canManageReports }: Props) {
  const { brandId, productId } = selection;
  return (
    <>
      <AddModificationDialog
        open={dialog?.kind === "addModification"}
        brand={brandId}
        product={productId}
        onClose={onClose}
      />
      <OffersFileDialog open={dialog?.kind === "file"} onClose={onClose} />
      <LeftoversDialog open={dialog?.kind === "leftovers"} canManage={canManageReports} onClose={onClose} />
      <BulkPriceDialog
        open={dialog?.kind === "prices"}
        brand={brandId}
        product={productId}
        onClose={onClose}
      />
      <ExclusiveDialog
        open={dialog?.kind === "exclusive"}
        brand={brandId}
        onClose={onClose}
        onDone={selection.clearSelection}
      />
      <BrandDialog dialog={dialog} selection={selection} onClose={onClose} />
      <ProductDialog dialog={dialog} selection={selection} onClose={onClose} />
      <ModificationDialog
        modificationId={dialog?.kind === "modification" ? dialog.id : null}
        canWrite={canWrite}
        onClose={onClose}
      />
      <DeleteDialog dialog={dialog} selection={selection} onClose={onClose} />
    </>
  );
}

type PartProps = { dialog: OffersDialog; selection: OffersSelection; onClose: () => void };

/** Adds a brand, or edits the one given; either way the saved brand's tab is the one shown. */
function BrandDialog({ dialog, selection, onClose }: PartProps) {
  const createBrand = useCreateBrand();
  const updateBrand = useUpdateBrand();
  const existing = dialog?.kind === "brand" ? dialog.brand : undefined;
  return (
    <NameDialog
      open={dialog?.kind === "brand"}
      title={existing ? "Редактировать брэнд" : "Добавить брэнд"}
      withDescription
      initialName={dialog?.kind === "brand" ? existing?.name : ""}
      initialDescription={dialog?.kind === "brand" ? existing?.description : ""}
      onSubmit={async (body) => {
        const saved = existing
          ? await updateBrand.mutateAsync({ id: existing.id, body })
          : await createBrand.mutateAsync(body);
        selection.showBrand(saved.id);
      }}
      onClose={onClose}
    />
  );
}

/** Adds a product to the chosen brand (opened once added), or renames the one given. */
function ProductDialog({ dialog, selection, onClose }: PartProps) {
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const existing = dialog?.kind === "product" ? dialog.product : undefined;
  return (
    <NameDialog
      open={dialog?.kind === "product"}
      title={existing ? "Редактировать продукт" : "Добавить продукт"}
      initialName={dialog?.kind === "product" ? existing?.name : ""}
      onSubmit={async ({ name }) => {
        if (existing) await updateProduct.mutateAsync({ id: existing.id, body: { name } });
        else if (selection.brandId !== null) {
          const saved = await createProduct.mutateAsync({ name, brand: selection.brandId });
          selection.openProduct(saved.id);
        }
      }}
      onClose={onClose}
    />
  );
}

/** Deletes a brand, a product or a modification once confirmed; a deleted brand or product chosen is let go. */
function DeleteDialog({ dialog, selection, onClose }: PartProps) {
  const deleteBrand = useDeleteBrand();
  const deleteProduct = useDeleteProduct();
  const deleteModification = useDeleteModification();
  const deleting = dialog?.kind === "delete" ? dialog : null;
  const onConfirm = () => {
    if (!deleting) return;
    const { what, item } = deleting;
    if (what === "brand")
      deleteBrand.mutate(item.id, {
        onSuccess: () => item.id === selection.brand?.id && selection.clearSelection(),
      });
    if (what === "product")
      deleteProduct.mutate(item.id, {
        onSuccess: () => item.id === selection.productId && selection.openProduct(null),
      });
    if (what === "modification") deleteModification.mutate(item.id);
  };
  return (
    <ConfirmDeleteDialog
      open={deleting !== null}
      label={deleting?.item.name}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
