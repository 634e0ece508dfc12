/**
 * The search workload (decision 015) for `npm run bench` and `npm run bench:search`:
 * what visitors send to GET /api/providers, built from the data's own
 * vocabulary (company names, service and category words, cities) instead of
 * eight rotating queries.
 *
 * - `size` distinct text queries (default 2,000): 15 % with a typo, 6 % Roman
 *   Urdu and 4 % Urdu script, 5 % matching nothing, the rest English (words,
 *   phrases, company names, categories, with and without a city, in the text
 *   or as the city filter, some with the category filter);
 * - plus filter-only listings (city, category, both; no text), 12 % of `size`,
 * - plus pages 2-5 of popular searches and listings, 8 % of `size`;
 * - ranked by popularity and drawn with a Zipf distribution (exponent 1 by
 *   default): rank r has weight 1/r^s. Ranks are handed out so that each kind
 *   also gets its share of the draws, not only of the distinct list.
 *
 * Deterministic for a database and a seed. Usage:
 *   const w = await makeWorkload(db, { size: 2000, seed: 1 });
 *   w.distinct          // every distinct request, most popular first
 *   const next = w.drawer(7); next()   // Zipf draws, a seeded stream
 *   w.sequence(10_000, 7)              // the same, as an array
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { DEFAULT_PAGE_SIZE } from "../src/lib/limits.ts";

export type WorkloadKind = "english" | "typo" | "roman-urdu" | "urdu" | "none" | "listing";
export const TEXT_KINDS = ["english", "typo", "roman-urdu", "urdu", "none"] as const;

/** Shares of the distinct text queries (the rest is English). */
export const TEXT_SHARES = { typo: 0.15, "roman-urdu": 0.06, urdu: 0.04, none: 0.05 } as const;
/** Filter-only listings and deeper pages, as shares of `size` added to it. */
export const LISTING_SHARE = 0.12;
export const DEEP_PAGE_SHARE = 0.08;

export interface WorkloadQuery {
  search?: string;
  city?: string;
  categoryId?: string;
  page: number;
  limit: number;
}

export interface WorkloadRequest {
  /** `/api/providers?search=…&city=…&categoryId=…&page=…&limit=…`, as the directory island sends it. */
  path: string;
  kind: WorkloadKind;
  /** The same request as query fields, for `providerListQuerySchema.parse` and `listPublicProviders`. */
  query: WorkloadQuery;
}

export interface Workload {
  /** Every distinct request, most popular (Zipf rank 1) first. */
  distinct: WorkloadRequest[];
  /** Probability of each distinct request in a draw, same order. */
  probabilities: number[];
  /** A seeded stream of Zipf draws. */
  drawer(seed?: number): () => WorkloadRequest;
  /** `n` Zipf draws of a seeded stream. */
  sequence(n: number, seed?: number): WorkloadRequest[];
}

export interface WorkloadOptions {
  /** Distinct text queries (page 1); default 2,000. */
  size?: number;
  seed?: number;
  /** Zipf exponent; default 1. */
  zipf?: number;
  /** Page size sent; default 24, as the directory does. */
  limit?: number;
}

/** The data's words, read once from the database. */
export interface Vocabulary {
  /** Categories in use, most providers first. */
  categories: { id: string; name: string; providers: number }[];
  /** Cities with active providers, most first. */
  cities: { name: string; providers: number }[];
  /** Service names, most providers first. */
  services: { name: string; providers: number }[];
  /** Words of service and category names, most providers first. */
  words: { word: string; providers: number }[];
  /** Company names of active providers (a spread-out sample at most 20,000). */
  companyNames: string[];
  /** Every word the search index can match (names, descriptions, locations, services, categories). */
  tokens: Set<string>;
}

// ---------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------

/** mulberry32: small, fast, good enough to pick queries. */
export function rngFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** A list to draw from with fixed weights; each draw says how likely it was. */
interface Pool<T> {
  items: readonly T[];
  cumulative: number[];
  total: number;
}

function pool<T>(items: readonly T[], weight: (item: T, index: number) => number): Pool<T> {
  const cumulative: number[] = [];
  let total = 0;
  items.forEach((item, i) => cumulative.push((total += Math.max(0, weight(item, i)))));
  if (!(total > 0)) throw new Error("search workload: nothing to draw from");
  return { items, cumulative, total };
}

/** Weight 1/(rank)^s: the list's order is its popularity. */
function zipfPool<T>(items: readonly T[], s: number): Pool<T> {
  return pool(items, (_, i) => 1 / Math.pow(i + 1, s));
}

function draw<T>(rng: Rng, from: Pool<T>): { item: T; p: number } {
  const u = rng() * from.total;
  let lo = 0;
  let hi = from.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (from.cumulative[mid]! > u) hi = mid;
    else lo = mid + 1;
  }
  const before = lo > 0 ? from.cumulative[lo - 1]! : 0;
  return { item: from.items[lo]!, p: (from.cumulative[lo]! - before) / from.total };
}

// ---------------------------------------------------------------------------
// Reading the vocabulary
// ---------------------------------------------------------------------------

/** Words that say nothing about a trade: units, counts, glue. */
const STOPWORDS = new Set(
  (
    "and the for with per from into onto over under pack set sets size piece pieces pcs bulk box " +
    "inch inches ft sq cm mm kg per dozen pair pairs each one two three four five ten hour hours " +
    "visit first complete custom moq gsm lb oz ton tonne unit units job type full day month " +
    "running foot feet metre metres"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

function tradeWords(text: string): string[] {
  return wordsOf(text).filter((w) => w.length >= 3 && /^\p{L}+$/u.test(w) && !STOPWORDS.has(w));
}

/** Reads categories, cities, services, company names and every indexed word. */
export async function readVocabulary(db: Db): Promise<Vocabulary> {
  const categories = await db.all<{ id: string; name: string; providers: number }>(
    sql`SELECT c.id AS id, c.name AS name, count(DISTINCT s.provider_id) AS providers
        FROM service_categories c JOIN services s ON s.category_id = c.id AND s.is_active = 1
        GROUP BY c.id ORDER BY providers DESC, c.name`,
  );
  const cities = await db.all<{ name: string; providers: number }>(
    sql`SELECT city AS name, count(*) AS providers FROM providers
        WHERE is_active = 1 AND city IS NOT NULL AND city <> ''
        GROUP BY city ORDER BY providers DESC, city`,
  );
  const services = await db.all<{ name: string; providers: number }>(
    sql`SELECT name, count(DISTINCT provider_id) AS providers FROM services WHERE is_active = 1
        GROUP BY name ORDER BY providers DESC, name`,
  );

  const wordCounts = new Map<string, number>();
  for (const s of services) {
    for (const w of new Set(tradeWords(s.name))) {
      wordCounts.set(w, (wordCounts.get(w) ?? 0) + s.providers);
    }
  }
  for (const c of categories) {
    for (const w of new Set(tradeWords(c.name))) {
      wordCounts.set(w, (wordCounts.get(w) ?? 0) + c.providers);
    }
  }
  const words = [...wordCounts]
    .map(([word, providers]) => ({ word, providers }))
    .sort((a, b) => b.providers - a.providers || a.word.localeCompare(b.word));

  const tokens = new Set<string>();
  for (const s of services) for (const w of wordsOf(s.name)) tokens.add(w);
  for (const c of categories) for (const w of wordsOf(c.name)) tokens.add(w);
  // Names, descriptions and locations in chunks, so 100,000 providers stream.
  const all: string[] = [];
  let after = 0;
  for (;;) {
    const rows = await db.all<{
      rowid: number;
      name: string;
      description: string;
      location: string;
    }>(
      sql`SELECT rowid, company_name AS name, description, location FROM providers
          WHERE is_active = 1 AND rowid > ${after} ORDER BY rowid LIMIT 5000`,
    );
    if (rows.length === 0) break;
    for (const r of rows) {
      all.push(r.name);
      for (const w of wordsOf(`${r.name} ${r.description} ${r.location}`)) tokens.add(w);
    }
    after = rows.at(-1)!.rowid;
  }
  const step = Math.max(1, Math.ceil(all.length / 20_000));
  const companyNames = all.filter((_, i) => i % step === 0);
  return { categories, cities, services, words, companyNames, tokens };
}

// ---------------------------------------------------------------------------
// Roman Urdu, Urdu, and words the directory has nothing for
// ---------------------------------------------------------------------------

/** Trades as people say them in Roman Urdu (what the directory calls them is for the search to know). */
export const ROMAN_URDU_TERMS: readonly string[] = [
  "darzi",
  "silai",
  "silai karai",
  "bijli wala",
  "bijli ka kaam",
  "ac mistri",
  "ac wala",
  "raj mistri",
  "mistri",
  "karigar",
  "lohar",
  "chamra",
  "chamre ki jacket",
  "kapra",
  "kapray",
  "joote",
  "jootay",
  "chappal",
  "khussa",
  "barhai",
  "lakri ka kaam",
  "chawal",
  "qaleen",
  "choodiyan",
  "churiyan",
  "deemak",
  "keeray maar",
  "pani ki tanki safai",
  "gari ke parts",
  "gari mistri",
  "masala",
  "achar",
  "sang e marmar",
  "mitti ke bartan",
  "bartan",
  "dawai banane wale",
  "sheesha",
  "rang saz",
  "gate banane wala",
  "naqashi",
  "kadhai",
  "tolia",
  "bistar ki chadar",
  "plumber wala",
  "nalkay ka kaam",
];

/** Trades in Urdu script. */
export const URDU_TERMS: readonly string[] = [
  "جوتے",
  "درزی",
  "سلائی",
  "بجلی",
  "بجلی والا",
  "ویلڈنگ",
  "فرنیچر",
  "سرجیکل",
  "سرجیکل آلات",
  "قالین",
  "چاول",
  "سنگ مرمر",
  "کپڑا",
  "چمڑا",
  "کڑھائی",
  "سولر",
  "سولر پینل",
  "پلمبر",
  "شیشہ",
  "چوڑیاں",
  "دیمک",
  "مصالحہ",
  "اچار",
  "برتن",
  "لکڑی کا کام",
  "مستری",
  "الیکٹریشن",
  "ٹیکسٹائل",
  "کھسہ",
  "چپل",
  "فٹبال",
  "لوہار",
];

/** Cities in Urdu script. */
export const URDU_CITIES: Readonly<Record<string, string>> = {
  Lahore: "لاہور",
  Karachi: "کراچی",
  Islamabad: "اسلام آباد",
  Rawalpindi: "راولپنڈی",
  Faisalabad: "فیصل آباد",
  Multan: "ملتان",
  Sialkot: "سیالکوٹ",
  Peshawar: "پشاور",
  Gujranwala: "گوجرانوالہ",
  Hyderabad: "حیدرآباد",
  Quetta: "کوئٹہ",
  Chiniot: "چنیوٹ",
  Kasur: "قصور",
  Wazirabad: "وزیرآباد",
};

/** Things people look for that a directory of manufacturers and trades does not list. */
const ABSENT_WORDS: readonly string[] = (
  "helicopter astrologer bitcoin yoga photographer zumba dentist orthodontist tuition " +
  "hairdresser barber manicure massage hotel resort visa passport lawyer notary realtor " +
  "insurance mortgage casino lottery karaoke cinema theatre ballet violin guitar piano " +
  "zoo aquarium florist bakery pizzeria shawarma biryani nihari haleem burger sushi " +
  "veterinarian kennel puppy kitten parrot horse camel safari trekking paragliding " +
  "skydiving snorkel surfing bowling golf tennis badminton squash chess poker wedding " +
  "mehndi baraat qawwali mushaira ghazal dhol rickshaw uber careem bykea"
).split(" ");

const SYLLABLES = "ka zo ru vi xe qo fu ny zu wex pli dro gva yth kov zim ulb frok ixt".split(" ");

// ---------------------------------------------------------------------------
// Typos
// ---------------------------------------------------------------------------

const NEIGHBOURS: Readonly<Record<string, string>> = {
  a: "qswz",
  b: "vghn",
  c: "xdfv",
  d: "serfcx",
  e: "wsdr",
  f: "drtgvc",
  g: "ftyhbv",
  h: "gyujnb",
  i: "ujko",
  j: "huikmn",
  k: "jiolm",
  l: "kop",
  m: "njk",
  n: "bhjm",
  o: "iklp",
  p: "ol",
  q: "wa",
  r: "edft",
  s: "awedxz",
  t: "rfgy",
  u: "yhji",
  v: "cfgb",
  w: "qase",
  x: "zsdc",
  y: "tghu",
  z: "asx",
};
const VOWELS = "aeiou";

/** One edit a hurried typist makes, never on the first letter. */
function oneEdit(rng: Rng, word: string): string {
  const i = 1 + Math.floor(rng() * (word.length - 1));
  const c = word[i] ?? "";
  switch (Math.floor(rng() * 4)) {
    case 0: // dropped letter
      return word.slice(0, i) + word.slice(i + 1);
    case 1: {
      // swapped neighbours
      const j = Math.min(i, word.length - 2);
      if (word[j] === word[j + 1]) return word.slice(0, i) + word.slice(i + 1);
      return word.slice(0, j) + word[j + 1] + word[j] + word.slice(j + 2);
    }
    case 2: {
      // wrong key, or the wrong vowel for a vowel
      const pool = VOWELS.includes(c) ? VOWELS.replace(c, "") : (NEIGHBOURS[c] ?? "e");
      return word.slice(0, i) + pick(rng, [...pool]) + word.slice(i + 1);
    }
    default: // a letter typed twice
      return word.slice(0, i) + c + word.slice(i);
  }
}

/** One edit in words of 5-8 letters; one or two in longer ones. Null when it made a real word. */
export function misspell(rng: Rng, word: string, tokens: ReadonlySet<string>): string | null {
  let typed = oneEdit(rng, word);
  if (word.length >= 9 && rng() < 0.5) typed = oneEdit(rng, typed);
  return typed !== word && !tokens.has(typed) ? typed : null;
}

/** Optimal string alignment distance, stopping once it is over `max`. */
function editDistanceAtMost(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * A word no search should find anything for: no indexed word starts with it,
 * and none is within two edits (so spelling correction cannot land on one).
 */
function isAbsent(
  word: string,
  tokens: ReadonlySet<string>,
  tokenList: readonly string[],
): boolean {
  if (tokens.has(word)) return false;
  for (const t of tokenList) {
    if (t.startsWith(word)) return false;
    if (editDistanceAtMost(word, t, 2) <= 2) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Building the workload
// ---------------------------------------------------------------------------

type Candidate = Omit<WorkloadQuery, "page" | "limit">;
/** A candidate and how likely a visitor is to send it, relative to its stream. */
interface Scored {
  c: Candidate;
  p: number;
}
type Generator = () => Scored | null;

function keyOf(c: Candidate, page = 1): string {
  return [c.search?.toLowerCase().trim() ?? "", c.city ?? "", c.categoryId ?? "", page].join(
    "\u0000",
  );
}

/** The path the directory island sends (src/features/directory/store.ts). */
export function pathOf(q: WorkloadQuery): string {
  const params = new URLSearchParams();
  if (q.search) params.set("search", q.search);
  if (q.city) params.set("city", q.city);
  if (q.categoryId) params.set("categoryId", q.categoryId);
  params.set("page", String(q.page));
  params.set("limit", String(q.limit));
  return `/api/providers?${params}`;
}

/**
 * Takes `count` distinct candidates from weighted generators (a generator
 * that keeps repeating itself is retired), most likely first.
 */
function collect(
  rng: Rng,
  count: number,
  generators: readonly (readonly [Generator, number])[],
  seen: Set<string>,
): Scored[] {
  const weightSum = generators.reduce((sum, [, w]) => sum + w, 0);
  const live = generators.map(([gen, weight]) => ({ gen, weight, misses: 0 }));
  const out: Scored[] = [];
  while (out.length < count && live.length > 0) {
    const total = live.reduce((sum, g) => sum + g.weight, 0);
    let r = rng() * total;
    const g = live.find((x) => (r -= x.weight) < 0) ?? live.at(-1)!;
    const got = g.gen();
    const key = got ? keyOf(got.c) : "";
    if (!got || seen.has(key)) {
      if (++g.misses > 500) live.splice(live.indexOf(g), 1);
      continue;
    }
    g.misses = 0;
    seen.add(key);
    out.push({ c: got.c, p: (got.p * g.weight) / weightSum });
  }
  // Stable: equally likely candidates keep the order they were drawn in.
  return out.map((x, i) => ({ ...x, i })).sort((a, b) => b.p - a.p || a.i - b.i);
}

const lower = (city: string) => city.toLowerCase();

/** Builds the workload from a vocabulary (pure: the same vocabulary and seed give the same workload). */
export function buildWorkload(vocab: Vocabulary, opts: WorkloadOptions = {}): Workload {
  const size = opts.size ?? 2000;
  const seed = opts.seed ?? 1;
  const s = opts.zipf ?? 1;
  const limit = opts.limit ?? DEFAULT_PAGE_SIZE;
  const rng = rngFrom(seed);
  if (vocab.words.length === 0 || vocab.cities.length === 0 || vocab.categories.length === 0) {
    throw new Error("search workload: the database has no providers to take words from");
  }

  // What visitors pick from: trade words by rank, cities and categories by
  // their providers, phrases and service titles by their services' rank.
  const words = zipfPool(
    vocab.words.map((w) => w.word),
    s,
  );
  const longWords = zipfPool(
    vocab.words.map((w) => w.word).filter((w) => w.length >= 5),
    s,
  );
  const cities = pool(vocab.cities, (c) => c.providers);
  const categories = pool(vocab.categories, (c) => c.providers);
  const phraseList = [
    ...new Set(
      vocab.services.flatMap((x) => {
        const ws = tradeWords(x.name.split(",")[0] ?? x.name);
        return ws.slice(0, -1).map((w, i) => `${w} ${ws[i + 1]}`);
      }),
    ),
  ];
  const phrases = zipfPool(phraseList, s);
  const titles = zipfPool(
    [
      ...new Set(
        vocab.services
          .map((x) =>
            (x.name.split(/[,(]/)[0] ?? x.name)
              .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
              .replace(/\s+/g, " ")
              .trim()
              .toLowerCase(),
          )
          .filter((t) => t.split(" ").length >= 2),
      ),
    ],
    s,
  );
  const names = pool(vocab.companyNames, () => 1);
  const roman = zipfPool(ROMAN_URDU_TERMS, s);
  const urduTerms = zipfPool(URDU_TERMS, s);
  const urduCities = pool(
    vocab.cities.filter((c) => URDU_CITIES[c.name]),
    (c) => c.providers,
  );
  const seen = new Set<string>();
  const one = <T>(from: Pool<T>) => draw(rng, from);

  // English: the trades' words, with and without a city, and company names.
  const english = collect(
    rng,
    size -
      Math.round(size * TEXT_SHARES.typo) -
      Math.round(size * TEXT_SHARES["roman-urdu"]) -
      Math.round(size * TEXT_SHARES.urdu) -
      Math.round(size * TEXT_SHARES.none),
    [
      [
        () => {
          const w = one(words);
          return { c: { search: w.item }, p: w.p };
        },
        16,
      ],
      [
        () => {
          const [w, c] = [one(words), one(cities)];
          return { c: { search: `${w.item} ${lower(c.item.name)}` }, p: w.p * c.p };
        },
        12,
      ],
      [
        () => {
          const [w, c] = [one(words), one(cities)];
          return { c: { search: `${lower(c.item.name)} ${w.item}` }, p: w.p * c.p };
        },
        5,
      ],
      [
        () => {
          const [w, c] = [one(words), one(cities)];
          return { c: { search: `${w.item} in ${lower(c.item.name)}` }, p: w.p * c.p };
        },
        4,
      ],
      [
        () => {
          const w = one(phrases);
          return { c: { search: w.item }, p: w.p };
        },
        12,
      ],
      [
        () => {
          const [w, c] = [one(phrases), one(cities)];
          return { c: { search: `${w.item} ${lower(c.item.name)}` }, p: w.p * c.p };
        },
        5,
      ],
      [
        () => {
          const w = one(titles);
          return { c: { search: w.item }, p: w.p };
        },
        5,
      ],
      [
        () => {
          const n = one(names);
          return { c: { search: n.item }, p: n.p };
        },
        8,
      ],
      [
        () => {
          // "kohinoor carpet": the distinctive word and the next, as people remember a name.
          const n = one(names);
          const parts = n.item.split(/\s+/);
          if (parts.length < 2) return null;
          return { c: { search: parts.slice(0, 2).join(" ").toLowerCase() }, p: n.p };
        },
        8,
      ],
      [
        () => {
          const c = one(categories);
          return { c: { search: c.item.name.toLowerCase() }, p: c.p };
        },
        3,
      ],
      [
        () => {
          const c = one(cities);
          return { c: { search: lower(c.item.name) }, p: c.p };
        },
        2,
      ],
      [
        () => {
          const [w, c] = [one(words), one(cities)];
          return { c: { search: w.item, city: c.item.name }, p: w.p * c.p };
        },
        12,
      ],
      [
        () => {
          const [w, c] = [one(phrases), one(cities)];
          return { c: { search: w.item, city: c.item.name }, p: w.p * c.p };
        },
        4,
      ],
      [
        () => {
          const [w, c] = [one(words), one(categories)];
          return { c: { search: w.item, categoryId: c.item.id }, p: w.p * c.p };
        },
        4,
      ],
    ],
    seen,
  );

  // Typos: a popular English query with one of its long words mistyped, or a word alone.
  const englishPool = pool(english, (x) => x.p);
  // Two misspellings of a word at most, or the most popular word takes them all.
  const typosOf = new Map<string, number>();
  const misspellOnce = (word: string) => {
    if ((typosOf.get(word) ?? 0) >= 2) return null;
    const typed = misspell(rng, word, vocab.tokens);
    if (typed) typosOf.set(word, (typosOf.get(word) ?? 0) + 1);
    return typed;
  };
  const typo = collect(
    rng,
    Math.round(size * TEXT_SHARES.typo),
    [
      [
        () => {
          const base = one(englishPool);
          const ws = base.item.c.search?.split(" ") ?? [];
          const at = ws.map((w, i) => [w, i] as const).filter(([w]) => /^\p{L}{5,}$/u.test(w));
          if (at.length === 0) return null;
          const [w, i] = pick(rng, at);
          const typed = misspellOnce(w.toLowerCase());
          if (!typed) return null;
          ws[i] = typed;
          return { c: { ...base.item.c, search: ws.join(" ") }, p: base.p / (4 * w.length) };
        },
        3,
      ],
      [
        () => {
          const w = one(longWords);
          const typed = misspellOnce(w.item);
          return typed ? { c: { search: typed }, p: w.p / (4 * w.item.length) } : null;
        },
        1,
      ],
    ],
    seen,
  );

  const romanUrdu = collect(
    rng,
    Math.round(size * TEXT_SHARES["roman-urdu"]),
    [
      [
        () => {
          const t = one(roman);
          return { c: { search: t.item }, p: t.p };
        },
        3,
      ],
      [
        () => {
          const [t, c] = [one(roman), one(cities)];
          return { c: { search: `${t.item} ${lower(c.item.name)}` }, p: t.p * c.p };
        },
        4,
      ],
      [
        () => {
          const [t, c] = [one(roman), one(cities)];
          return { c: { search: `${lower(c.item.name)} mein ${t.item}` }, p: t.p * c.p };
        },
        2,
      ],
      [
        () => {
          const [t, c] = [one(roman), one(cities)];
          return { c: { search: t.item, city: c.item.name }, p: t.p * c.p };
        },
        2,
      ],
    ],
    seen,
  );

  const urduCity = () => {
    const c = one(urduCities);
    return { name: URDU_CITIES[c.item.name] ?? "", p: c.p };
  };
  const urdu = collect(
    rng,
    Math.round(size * TEXT_SHARES.urdu),
    [
      [
        () => {
          const t = one(urduTerms);
          return { c: { search: t.item }, p: t.p };
        },
        3,
      ],
      [
        () => {
          const [t, c] = [one(urduTerms), urduCity()];
          return { c: { search: `${t.item} ${c.name}` }, p: t.p * c.p };
        },
        4,
      ],
      [
        () => {
          const [t, c] = [one(urduTerms), urduCity()];
          return { c: { search: `${c.name} میں ${t.item}` }, p: t.p * c.p };
        },
        1,
      ],
      [
        () => {
          const c = urduCity();
          return { c: { search: c.name }, p: c.p };
        },
        1,
      ],
      [
        () => {
          const [t, c] = [one(urduTerms), one(cities)];
          return { c: { search: t.item, city: c.item.name }, p: t.p * c.p };
        },
        2,
      ],
    ],
    seen,
  );

  // Nothing to find: absent trades and made-up words, one or two of them.
  const tokenList = [...vocab.tokens];
  const absentCache = new Map<string, boolean>();
  const absent = (w: string) => {
    let ok = absentCache.get(w);
    if (ok === undefined) absentCache.set(w, (ok = isAbsent(w, vocab.tokens, tokenList)));
    return ok;
  };
  const madeUp = () =>
    Array.from({ length: 2 + Math.floor(rng() * 2) }, () => pick(rng, SYLLABLES)).join("");
  const none = collect(
    rng,
    Math.round(size * TEXT_SHARES.none),
    [
      [
        () => {
          const w = pick(rng, ABSENT_WORDS);
          return absent(w) ? { c: { search: w }, p: 1 } : null;
        },
        2,
      ],
      [
        () => {
          const [a, b] = [pick(rng, ABSENT_WORDS), pick(rng, ABSENT_WORDS)];
          return a !== b && absent(a) && absent(b) ? { c: { search: `${a} ${b}` }, p: 0.5 } : null;
        },
        2,
      ],
      [
        () => {
          const w = madeUp();
          return absent(w) ? { c: { search: w }, p: 0.5 } : null;
        },
        3,
      ],
    ],
    seen,
  );

  const listings = collect(
    rng,
    Math.round(size * LISTING_SHARE),
    [
      [
        () => {
          const c = one(cities);
          return { c: { city: c.item.name }, p: c.p };
        },
        3,
      ],
      [
        () => {
          const k = one(categories);
          return { c: { categoryId: k.item.id }, p: k.p };
        },
        3,
      ],
      [
        () => {
          const [c, k] = [one(cities), one(categories)];
          return { c: { city: c.item.name, categoryId: k.item.id }, p: c.p * k.p };
        },
        6,
      ],
    ],
    seen,
  );

  // Pages 2-5 of popular English searches and listings (page 2 most).
  const PAGES = [
    [2, 0.5],
    [3, 0.25],
    [4, 0.15],
    [5, 0.1],
  ] as const;
  const listingPool = pool(listings, (x) => x.p);
  const deepCount = Math.round(size * DEEP_PAGE_SHARE);
  const deep: (Scored & { page: number; kind: WorkloadKind })[] = [];
  for (let tries = 0; deep.length < deepCount && tries < deepCount * 100; tries++) {
    const fromListing = rng() < 0.4;
    const base = one(fromListing ? listingPool : englishPool);
    const [page, share] = draw(
      rng,
      pool(PAGES, ([, w]) => w),
    ).item;
    const key = keyOf(base.item.c, page);
    if (seen.has(key)) continue;
    seen.add(key);
    deep.push({
      c: base.item.c,
      p: base.item.p * share,
      page,
      kind: fromListing ? "listing" : "english",
    });
  }
  deep.sort((a, b) => b.p - a.p);

  const streams: { items: (Scored & { page?: number; kind: WorkloadKind })[] }[] = [
    { items: english.map((x) => ({ ...x, kind: "english" as const })) },
    { items: typo.map((x) => ({ ...x, kind: "typo" as const })) },
    { items: romanUrdu.map((x) => ({ ...x, kind: "roman-urdu" as const })) },
    { items: urdu.map((x) => ({ ...x, kind: "urdu" as const })) },
    { items: none.map((x) => ({ ...x, kind: "none" as const })) },
    { items: listings.map((x) => ({ ...x, kind: "listing" as const })) },
    { items: deep },
  ];

  // Ranks: each goes to the stream furthest behind its share of the Zipf mass
  // handed out so far, so the draws keep each kind's share, not only the list.
  const total = streams.reduce((n, x) => n + x.items.length, 0);
  const mass = (r: number) => 1 / Math.pow(r, s);
  const given = streams.map(() => 0);
  const taken = streams.map(() => 0);
  const distinct: WorkloadRequest[] = [];
  let handed = 0;
  for (let r = 1; r <= total; r++) {
    const m = mass(r);
    handed += m;
    let best = 0;
    let bestDeficit = -Infinity;
    streams.forEach((x, i) => {
      if (taken[i]! >= x.items.length) return;
      const deficit = (x.items.length / total) * handed - given[i]!;
      if (deficit > bestDeficit) {
        bestDeficit = deficit;
        best = i;
      }
    });
    const item = streams[best]!.items[taken[best]!]!;
    taken[best] = taken[best]! + 1;
    given[best] = given[best]! + m;
    const query: WorkloadQuery = {
      ...(item.c.search ? { search: item.c.search } : {}),
      ...(item.c.city ? { city: item.c.city } : {}),
      ...(item.c.categoryId ? { categoryId: item.c.categoryId } : {}),
      page: item.page ?? 1,
      limit,
    };
    distinct.push({ path: pathOf(query), kind: item.kind, query });
  }

  const ranks = zipfPool(distinct, s);
  const probabilities = distinct.map((_, i) => 1 / Math.pow(i + 1, s) / ranks.total);
  const drawer = (drawSeed = seed + 1) => {
    const r = rngFrom(drawSeed);
    return () => draw(r, ranks).item;
  };
  return {
    distinct,
    probabilities,
    drawer,
    sequence(n, drawSeed) {
      const next = drawer(drawSeed);
      return Array.from({ length: n }, next);
    },
  };
}

/** Reads the vocabulary of `db` and builds the workload from it. */
export async function makeWorkload(db: Db, opts: WorkloadOptions = {}): Promise<Workload> {
  return buildWorkload(await readVocabulary(db), opts);
}
