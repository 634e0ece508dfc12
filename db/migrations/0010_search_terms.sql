-- Typo candidates (decision 015; db/queries/search-vocab.ts): SymSpell-style
-- symmetric deletes kept in the database, so every isolate and process sees
-- the same vocabulary. Written by hand like 0001: drizzle-kit knows neither
-- WITHOUT ROWID nor virtual tables, so these tables are not in db/schema.ts
-- and the snapshot is unchanged. Application code keeps them in step inside
-- the write's transaction (reindexProvider → addTerms).
--
-- The vocabulary: words of provider_search's name and body columns, 4 to 24
-- characters of a-z and 0-9 with at least one letter (isVocabTerm).
CREATE TABLE `search_terms` (
	`term` text PRIMARY KEY NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
-- Each term's deletes (up to one; from 7 characters up to two) and the term
-- itself: a search word's deletes looked up here find every term within its
-- edit limit.
CREATE TABLE `search_term_deletes` (
	`del` text NOT NULL,
	`term` text NOT NULL,
	PRIMARY KEY(`del`, `term`)
) WITHOUT ROWID;
--> statement-breakpoint
-- One row per (term, column) of the search index with its document count:
-- a candidate's frequency, and the words the backfill below starts from.
CREATE VIRTUAL TABLE `provider_search_vocab` USING fts5vocab(`provider_search`, 'col');
--> statement-breakpoint
-- Backfill for the data already indexed (the same SQL as VOCAB_FILL_SQL in
-- db/queries/search-vocab.ts, which rebuildSearchIndex runs).
INSERT OR IGNORE INTO search_terms (term)
SELECT DISTINCT term FROM provider_search_vocab
WHERE col IN ('name', 'body') AND length(term) BETWEEN 4 AND 24
  AND term NOT GLOB '*[^a-z0-9]*' AND term GLOB '*[a-z]*';
--> statement-breakpoint
WITH RECURSIVE
  pos(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM pos WHERE i < 24),
  d1(del, term) AS (
    SELECT substr(t.term, 1, pos.i - 1) || substr(t.term, pos.i + 1), t.term
    FROM search_terms t JOIN pos ON pos.i <= length(t.term)
  )
INSERT OR IGNORE INTO search_term_deletes (del, term)
SELECT term, term FROM search_terms
UNION ALL
SELECT del, term FROM d1
UNION ALL
SELECT substr(d1.del, 1, pos.i - 1) || substr(d1.del, pos.i + 1), d1.term
FROM d1 JOIN pos ON pos.i <= length(d1.del)
WHERE length(d1.term) >= 7;
