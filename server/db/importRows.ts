import type { LotStatus } from '../../src/contract/traceContract.ts';
import type { StoredImage } from '../domain/productImage.ts';
import type { CodeRecord } from '../domain/traceCode.ts';

// What an import hands the database, in the storage port's own terms: the importer (server/import/)
// builds these from a file, and each adapter writes them, so neither side imports the other.

/**
 * A validated row, normalised the way the service stores and looks codes up. A picture is either an
 * https URL (`imageUrl`) or a file the import read and stores (`imageName`).
 */
export interface ImportRow extends CodeRecord {
  lotCode: string;
  gtin: string | null;
  parentCode: string | null;
  isCarton: boolean;
  imageName: string | null;
}

/** A product (code + packaging unit) as the first row naming it in the file describes it. */
export interface CatalogueProduct {
  /** Numbers the file's products from 1; the staged codes point to them by it. */
  ref: number;
  line: number;
  productCode: string;
  productUnit: string;
  productName: string | null;
  weight: number | null;
  weightType: string | null;
  isCarton: boolean;
  /** An https URL, or (imageName) a picture the import stores. */
  imageUrl: string | null;
  imageName: string | null;
  /** 14 digits, check digit verified; null when the file gives none. */
  gtin: string | null;
}

/** A production lot of one product code, as the first row naming it describes it. */
export interface CatalogueLot {
  ref: number;
  line: number;
  productCode: string;
  lotCode: string;
  productDate: string | null;
  expireDate: string | null;
  lotStatus: LotStatus | null;
  recallReason: string | null;
}

/** What an import writes besides its codes. */
export interface CatalogueParts {
  readonly products: readonly CatalogueProduct[];
  readonly lots: readonly CatalogueLot[];
  /** Pictures read from files; written before the products that name them. */
  readonly images: readonly StoredImage[];
}

/** What the file's order already proved about the rules across rows, so the database checks only the rest. */
export interface CrossRowFacts {
  /** Every code greater than the one before: no code can be there twice. */
  codesAscending: boolean;
  /** Rows whose parent carton was not among the cartons just read: the database checks those. */
  openParents: number;
  /** Rows staged with a disagreement with their product's or lot's first row. */
  catalogueProblems: number;
}

/** A bad row, by its line in the file, reported as soon as it is found. */
export interface RowProblem {
  line: number;
  reason: string;
}
