-- Issue 41, point 3: what the pack's GS1 Digital Link printed, when the shopper's page was opened at one (or one
-- was scanned or pasted): its GTIN (AI 01, 14 digits), lot (AI 10) and expiry (AI 17), for the desk to set beside
-- the record. What the pack says, not personal data. All three NULL for a report without a pack. The expiry is
-- text (YYYY-MM-DD) as bought_on is, and as SQLite keeps it: both databases read it back the same.
ALTER TABLE reports
  ADD COLUMN pack_gtin text CHECK (pack_gtin ~ '^[0-9]{14}$'),
  ADD COLUMN pack_lot text CHECK (char_length(pack_lot) BETWEEN 1 AND 20),
  ADD COLUMN pack_expiry text CHECK (pack_expiry ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
