import type { StoredImage } from '../domain/productImage.ts';
import type { ImageFiles } from './imageFiles.ts';
import type { CatalogueLot, CatalogueParts, CatalogueProduct, ImportRow } from '../db/importRows.ts';
import { ImportFormatError } from './readRows.ts';

/**
 * Distinct products, and distinct lots, one file may name: they are kept in memory for the whole
 * import, and real files name a few hundred, so a file past this is no catalogue (or a hostile one).
 */
export const CATALOGUE_MAX_ENTRIES = 100_000;

/**
 * The products and lots of one import file, each as its first row gives it. Millions of codes share a
 * few hundred of them, so they are kept in memory while the codes stream to the database: each row is
 * checked against its product's and lot's first row here, and codes are staged with small numbers
 * instead of the catalogue's text.
 */
export class Catalogue implements CatalogueParts {
  readonly products: CatalogueProduct[] = [];
  readonly lots: CatalogueLot[] = [];
  // Two levels, so a lookup needs no key string built per row.
  private readonly productsByCode = new Map<string, Map<string, CatalogueProduct>>();
  private readonly lotsByProduct = new Map<string, Map<string, CatalogueLot>>();
  // A GTIN names one product (code + unit): a second product with it is a mistake in the file.
  private readonly productsByGtin = new Map<string, CatalogueProduct>();

  constructor(private readonly imageFiles: ImageFiles) {}

  get images(): readonly StoredImage[] {
    return this.imageFiles.stored;
  }

  /** The row's product and lot (added when new), and why the row disagrees with their first rows, if it does. */
  place(row: ImportRow, line: number): Placed {
    const product = this.product(row, line);
    const lot = this.lot(row, line);
    const problems: string[] = [];
    if (
      product.productName !== row.productName ||
      product.weight !== row.weight ||
      product.weightType !== row.weightType ||
      product.imageUrl !== row.imageUrl ||
      product.imageName !== row.imageName
    ) {
      problems.push(
        `product ${row.productCode} (${row.productUnit}) has another name, weight, weight type or image on line ${product.line}`,
      );
    }
    if (product.gtin !== row.gtin)
      problems.push(`product ${row.productCode} (${row.productUnit}) has another gtin on line ${product.line}`);
    const gtinOwner = row.gtin === null ? undefined : this.productsByGtin.get(row.gtin);
    if (gtinOwner !== undefined && gtinOwner !== product) {
      problems.push(
        `gtin ${row.gtin} is product ${gtinOwner.productCode} (${gtinOwner.productUnit}) on line ${gtinOwner.line}`,
      );
    }
    if (lot.productDate !== row.productDate || lot.expireDate !== row.expireDate) {
      problems.push(`lot ${row.lotCode} of product ${row.productCode} has other dates on line ${lot.line}`);
    }
    if (lot.lotStatus !== row.lotStatus || lot.recallReason !== row.recallReason) {
      problems.push(
        `lot ${row.lotCode} of product ${row.productCode} has another status or recall reason on line ${lot.line}`,
      );
    }
    return { product, lot, problem: problems.length > 0 ? problems.join('; ') : null };
  }

  private product(row: ImportRow, line: number): CatalogueProduct {
    let units = this.productsByCode.get(row.productCode);
    if (units === undefined) this.productsByCode.set(row.productCode, (units = new Map()));
    let product = units.get(row.productUnit);
    if (product === undefined) {
      if (this.products.length >= CATALOGUE_MAX_ENTRIES) throw tooMany('products (productCode + productUnit)', line);
      const { productCode, productUnit, productName, weight, weightType, isCarton, imageUrl, imageName, gtin } = row;
      product = {
        ref: this.products.length + 1,
        line,
        productCode,
        productUnit,
        productName,
        weight,
        weightType,
        isCarton,
        imageUrl,
        imageName,
        gtin,
      };
      units.set(productUnit, product);
      this.products.push(product);
      if (gtin !== null && !this.productsByGtin.has(gtin)) this.productsByGtin.set(gtin, product);
    }
    return product;
  }

  private lot(row: ImportRow, line: number): CatalogueLot {
    let lots = this.lotsByProduct.get(row.productCode);
    if (lots === undefined) this.lotsByProduct.set(row.productCode, (lots = new Map()));
    let lot = lots.get(row.lotCode);
    if (lot === undefined) {
      if (this.lots.length >= CATALOGUE_MAX_ENTRIES) throw tooMany('lots (productCode + lotCode)', line);
      const { productCode, lotCode, productDate, expireDate, lotStatus, recallReason } = row;
      lot = { ref: this.lots.length + 1, line, productCode, lotCode, productDate, expireDate, lotStatus, recallReason };
      lots.set(lotCode, lot);
      this.lots.push(lot);
    }
    return lot;
  }
}

function tooMany(what: string, line: number): ImportFormatError {
  const limit = CATALOGUE_MAX_ENTRIES.toLocaleString('en');
  return new ImportFormatError(
    line,
    `more than ${limit} distinct ${what} in one file: an import holds at most ${limit}, split the file`,
  );
}

export interface Placed {
  product: CatalogueProduct;
  lot: CatalogueLot;
  /** The row's disagreements with the first rows of its product and lot, joined; null when none. */
  problem: string | null;
}
