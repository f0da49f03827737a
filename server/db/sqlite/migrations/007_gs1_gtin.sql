-- Issue 39: a product's GS1 GTIN (14 digits, check digit verified by the import), for GS1 Digital Link URIs
-- (/01/{gtin}/21/{code}). A carton and its units are different products with different GTINs. Not unique:
-- one file cannot give two products the same GTIN (the import refuses it), and a later file may move a GTIN.
ALTER TABLE products ADD COLUMN gtin TEXT CHECK (gtin GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]');
CREATE INDEX products_gtin ON products (gtin) WHERE gtin IS NOT NULL;
