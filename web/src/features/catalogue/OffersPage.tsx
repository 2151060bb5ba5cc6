import AddIcon from "@mui/icons-material/Add";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { can, useSession } from "../../session/session.ts";
import { OrdersReportButton } from "./OrdersReportButton.tsx";
import { BrandTabs } from "./offers/BrandTabs.tsx";
import { type OffersDialog, OffersDialogs } from "./offers/OffersDialogs.tsx";
import { ProductList } from "./offers/ProductList.tsx";
import { SelectionBar } from "./offers/SelectionBar.tsx";
import { useOffersSelection } from "./offers/use-offers-selection.ts";

/**
 * The offers page (spec 2.1), top to bottom: the page's actions, the search with the selection and its bulk
 * actions, brands as tabs, products as accordions with modifications in tables, and the dialogs over them.
 * What is chosen, and how a search changes it, is `offers/use-offers-selection.ts`.
 */
export default function OffersPage() {
  const { myUser } = useSession();
  const canWrite = can(myUser, "catalogue.write");
  const selection = useOffersSelection();
  const [dialog, setDialog] = useState<OffersDialog>(null);
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
        {can(myUser, "reports.read") && (
          <Button onClick={() => setDialog({ kind: "leftovers" })}>Остатки</Button>
        )}
        {can(myUser, "orders.read") && <OrdersReportButton />}
      </Stack>
      <SelectionBar
        selection={selection}
        canWrite={canWrite}
        onPrices={() => setDialog({ kind: "prices" })}
        onExclusive={() => setDialog({ kind: "exclusive" })}
      />
      <BrandTabs
        selection={selection}
        canWrite={canWrite}
        onAdd={() => setDialog({ kind: "brand" })}
        onEdit={(brand) => setDialog({ kind: "brand", brand })}
        onDelete={(item) => setDialog({ kind: "delete", what: "brand", item })}
      />
      <ProductList
        selection={selection}
        canWrite={canWrite}
        canStock={can(myUser, "stock.write")}
        onAddProduct={() => setDialog({ kind: "product" })}
        onEditProduct={(product) => setDialog({ kind: "product", product })}
        onDeleteProduct={(item) => setDialog({ kind: "delete", what: "product", item })}
        onEditModification={(m) => setDialog({ kind: "modification", id: m.id })}
        onDeleteModification={(item) => setDialog({ kind: "delete", what: "modification", item })}
      />
      <OffersDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        selection={selection}
        canWrite={canWrite}
        canManageReports={can(myUser, "reports.manage")}
      />
    </Stack>
  );
}
