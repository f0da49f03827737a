-- Issue 12: where a unit belongs, the lot's status, and a picture of the product (as SQLite's 003).

-- A carton's answer lists its units: read by parent.
CREATE INDEX codes_parent ON codes (parent_code) WHERE parent_code IS NOT NULL;

-- 'active' or 'recalled'; NULL when the import did not say.
ALTER TABLE lots ADD COLUMN lot_status text CHECK (lot_status IN ('active', 'recalled'));
ALTER TABLE lots ADD COLUMN recall_reason text;

-- Pictures the import read from files, named by their content (a hash): a name never changes its
-- bytes, so the service lets browsers keep them for a year, and every instance serves the same ones.
CREATE TABLE images (
  name         text PRIMARY KEY,
  content_type text NOT NULL,
  body         bytea NOT NULL
);

-- Either an absolute https URL (the company's own image host) or the name of an image in `images`.
ALTER TABLE products ADD COLUMN image_url text;
ALTER TABLE products ADD COLUMN image_name text REFERENCES images (name);
