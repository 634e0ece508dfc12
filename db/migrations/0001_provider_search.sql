-- Full-text search over providers (architecture.md, Data). Kept in step by
-- application code (db/queries/search-index.ts) inside the same transaction as
-- the write, because a row mixes columns of providers, services and categories.
-- city_key and category_keys are single tokens so the city and category
-- filters are evaluated inside the index together with the text match.
CREATE VIRTUAL TABLE `provider_search` USING fts5(
	`provider_id` UNINDEXED,
	`name`,
	`body`,
	`city_key`,
	`category_keys`,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
-- Rank a match in the company name ten times higher than one in the body.
INSERT INTO provider_search (provider_search, rank) VALUES ('rank', 'bm25(0.0, 10.0, 1.0, 0.0, 0.0)');
