-- A product is a catalogue entry per packaging unit: the same product code is sold as a box and as a
-- carton of boxes, with its own name, weight and weight type for each.
CREATE TABLE products (
  id           INTEGER PRIMARY KEY,
  product_code TEXT NOT NULL,
  product_unit TEXT NOT NULL,
  product_name TEXT,
  weight       REAL,
  weight_type  TEXT,
  UNIQUE (product_code, product_unit)
) STRICT;

-- A production lot of one product code: every unit and carton made in it shares its dates.
CREATE TABLE lots (
  id           INTEGER PRIMARY KEY,
  product_code TEXT NOT NULL,
  lot_code     TEXT NOT NULL,
  product_date TEXT,
  expire_date  TEXT,
  UNIQUE (product_code, lot_code)
) STRICT;

-- Millions of rows: the code is the clustered key, so a lookup is one B-tree descent.
CREATE TABLE codes (
  code         TEXT PRIMARY KEY,
  product_id   INTEGER NOT NULL REFERENCES products (id),
  lot_id       INTEGER NOT NULL REFERENCES lots (id),
  parent_code  TEXT REFERENCES codes (code) DEFERRABLE INITIALLY DEFERRED,
  total_packet INTEGER
) STRICT, WITHOUT ROWID;

CREATE INDEX codes_parent ON codes (parent_code) WHERE parent_code IS NOT NULL;
