import type { TBulkPrice, TPriceTierCreate, TPriceTiersSave, TPriceTierUpdate } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import { changePricesInBulk } from "./prices/change-prices-in-bulk.ts";
import { createTier } from "./prices/create-tier.ts";
import { deleteTier } from "./prices/delete-tier.ts";
import { editTier } from "./prices/edit-tier.ts";
import { previewBulkPrices } from "./prices/preview-bulk-prices.ts";
import { saveTiers } from "./prices/save-tiers.ts";

/** The catalogue's price tiers, one by one, as the editor saves them, and in bulk. */
export function createPriceService({ db }: { db: Db }) {
  return {
    bulkPrices: (data: TBulkPrice) => changePricesInBulk(db, data),
    previewBulkPrices: (data: TBulkPrice) => previewBulkPrices(db, data),
    createTier: (data: TPriceTierCreate) => createTier(db, data),
    updateTier: (id: number, input: TPriceTierUpdate) => editTier(db, id, input),
    deleteTier: (id: number) => deleteTier(db, id),
    saveTiers: (modificationId: number, tiers: TPriceTiersSave) => saveTiers(db, modificationId, tiers),
  };
}
