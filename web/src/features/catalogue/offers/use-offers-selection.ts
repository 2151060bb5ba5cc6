import type { TBrand } from "@wholesale/contract";
import { useState } from "react";
import { searchTerm, useBrands, useProducts } from "../api.ts";

/** The brand strip's first tab: the products of every brand (of every brand a search matched). */
export const ALL_BRANDS = "all";
export type BrandChoice = number | typeof ALL_BRANDS;

/**
 * What the offers page shows: the search, the brand tab and the open product, with the brands and products
 * they load. It opens on the first brand (the spec's blank «Выберите брэнд» asked for a click before anything
 * showed); a search looks across every brand at once until a brand is chosen.
 */
export function useOffersSelection() {
  const [search, setSearch] = useState("");
  // Null until staff choose: the first brand.
  const [brandChoice, setBrandChoice] = useState<BrandChoice | null>(null);
  const [productId, setProductId] = useState<number | null>(null);

  const brands = useBrands(search);
  const brandList: TBrand[] = brands.data ?? [];
  const chosen = brandChoice ?? brandList[0]?.id ?? ALL_BRANDS;
  // A brand the search no longer matches gives way to every brand it does.
  const brand = brandList.find((b) => b.id === chosen) ?? null;
  const products = useProducts(brand?.id ?? null, search, brands.isSuccess);
  const product = (products.data ?? []).find((p) => p.id === productId) ?? null;
  // Under «Все брэнды» an open product still names its brand: the bulk actions and dialogs act on both.
  const brandId = brand?.id ?? product?.brand ?? null;

  const chooseBrand = (choice: BrandChoice) => {
    setBrandChoice(choice);
    setProductId(null);
  };
  const clearSelection = () => chooseBrand(ALL_BRANDS);
  const changeSearch = (text: string) => {
    // A search starting looks across every brand; refining it keeps whatever tab staff then chose.
    if (!searchTerm(search) && searchTerm(text)) chooseBrand(ALL_BRANDS);
    setSearch(text);
  };

  return {
    search,
    changeSearch,
    brands,
    brandList,
    /** The brand tab chosen; null on «Все брэнды». */
    brand,
    products,
    productId,
    product,
    /** The brand acted on: the tab's, or the open product's under «Все брэнды». */
    brandId,
    selectedBrand: brandList.find((b) => b.id === brandId) ?? null,
    chooseBrand,
    /** A brand just saved is shown, whatever is open under it staying open. */
    showBrand: (id: number) => setBrandChoice(id),
    clearSelection,
    openProduct: setProductId,
  };
}

export type OffersSelection = ReturnType<typeof useOffersSelection>;
