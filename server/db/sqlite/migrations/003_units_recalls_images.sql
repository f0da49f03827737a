-- Issue 12: where a unit belongs, the lot's status, and a picture of the product.

-- A carton's answer lists its units: read by parent, so parents are indexed again (002 dropped the
-- index when nothing read codes by parent).
CREATE INDEX codes_parent ON codes (parent_code) WHERE parent_code IS NOT NULL;

-- 'active' or 'recalled'; NULL when the import did not say.
ALTER TABLE lots ADD COLUMN lot_status TEXT CHECK (lot_status IN ('active', 'recalled'));
ALTER TABLE lots ADD COLUMN recall_reason TEXT;

-- Either an absolute https URL (the company's own image host) or the name of an image in `images`.
ALTER TABLE products ADD COLUMN image_url TEXT;
ALTER TABLE products ADD COLUMN image_name TEXT REFERENCES images (name);

-- Pictures the import read from files, named by their content (a hash): a name never changes its
-- bytes, so the service lets browsers keep them for a year, and every instance serves the same ones.
-- A rowid table: SQLite advises against WITHOUT ROWID for rows this large (up to 1 MiB).
CREATE TABLE images (
  name         TEXT PRIMARY KEY,
  content_type TEXT NOT NULL,
  body         BLOB NOT NULL
) STRICT;
