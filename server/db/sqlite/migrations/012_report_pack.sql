-- Issue 41, point 3: what the pack's GS1 Digital Link printed, when the shopper's page was opened at one (or one
-- was scanned or pasted): its GTIN (AI 01, 14 digits), lot (AI 10) and expiry (AI 17, YYYY-MM-DD), for the desk
-- to set beside the record. What the pack says, not personal data. All three NULL for a report without a pack.
ALTER TABLE reports ADD COLUMN pack_gtin TEXT CHECK (pack_gtin GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]');
ALTER TABLE reports ADD COLUMN pack_lot TEXT CHECK (length(pack_lot) BETWEEN 1 AND 20);
ALTER TABLE reports ADD COLUMN pack_expiry TEXT CHECK (pack_expiry GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
