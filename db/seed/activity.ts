/**
 * What the local demo has been through: owner accounts for a share of the
 * demo providers, quote requests from the sample customers with their threads
 * over the last 90 days, 90 days of provider and search counts, then the
 * measured reply times, so a first `npm start` shows a full Leads tab, a lived-in
 * Insights tab and 'Usually replies within …' / 'Fast responder' on the cards.
 *
 * Only the demo seed calls this (seedIfEmpty, behind shouldSeedDemo): never a
 * DATABASE_URL database. Deterministic: the same seed and `now` give the same
 * rows; only the sample customers' ids (drawn by seedDemoCustomers) differ.
 * The plan is made in memory and written in a few multi-row statements, so it
 * adds little to the seed's time.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { FEATURED_CITIES } from "../../src/lib/cities.ts";
import { formatPkr } from "../../src/lib/money.ts";
import type { Db } from "../client.ts";
import {
  addDays,
  CountBatch,
  dayStartMs,
  normaliseTerm,
  pakistanDay,
  periodEnding,
  NO_CEILINGS,
  writeCounts,
} from "../queries/analytics.ts";
import { LEAD_MAIL_INTERVAL_MS, needHashOf } from "../queries/leads.ts";
import { recomputeReplyTimes, REPLY_WINDOW_DAYS } from "../queries/reply-times.ts";
import { leadMessages, leads, providers, serviceCategories, services, users } from "../schema.ts";
import { DEMO_ACCOUNTS, FIRST_NAMES, LAST_NAMES } from "./accounts.ts";
import { DEFAULT_DEMO_SEED, demoTradeOf, Random, type DemoTradeInfo } from "./demo.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Share of the active, listed-by-themselves providers whose owner has an account (verified ones more often). */
const OWNED_SHARE = { verified: 0.4, other: 0.15 };
/** Days of counts seeded, ending today (the Insights tab's longer period). */
export const DEMO_ACTIVITY_DAYS = 90;
/** Rows per insert: well under SQLite's bound-parameter cap. */
const ROWS_PER_INSERT = 300;
/** Random streams of their own, apart from the provider generator's. */
const STREAM = { owners: 7001, leads: 7002, stats: 7003, searches: 7004 } as const;

type LeadRow = typeof leads.$inferInsert;
type MessageRow = typeof leadMessages.$inferInsert;
type UserRow = typeof users.$inferInsert;

interface ProviderFacts {
  id: string;
  userId: string | null;
  companyName: string;
  city: string | null;
  isActive: boolean;
  isSuggested: boolean;
  isVerified: boolean;
  website: string | null;
  phoneOnWhatsapp: boolean;
  createdAt: Date;
}

interface ServiceFacts {
  providerId: string;
  categoryId: string;
  name: string;
  pricePkr: number | null;
}

interface Customer {
  id: string;
  createdAt: Date;
}

export interface DemoActivitySummary {
  owners: number;
  leads: number;
  messages: number;
  statsRows: number;
  termRows: number;
  searchRows: number;
}

/**
 * Seeds the demo activity into a database that has just received the demo
 * providers, accounts and sample customers (seedIfEmpty).
 */
export async function seedDemoActivity(
  db: Db,
  now: Date,
  seed = DEFAULT_DEMO_SEED,
): Promise<DemoActivitySummary> {
  const all: ProviderFacts[] = await db
    .select({
      id: providers.id,
      userId: providers.userId,
      companyName: providers.companyName,
      city: providers.city,
      isActive: providers.isActive,
      isSuggested: providers.isSuggested,
      isVerified: providers.isVerified,
      website: providers.website,
      phoneOnWhatsapp: providers.phoneOnWhatsapp,
      createdAt: providers.createdAt,
    })
    .from(providers)
    .orderBy(asc(providers.createdAt), asc(providers.id));
  const serviceRows: ServiceFacts[] = await db
    .select({
      providerId: services.providerId,
      categoryId: services.categoryId,
      name: services.name,
      pricePkr: services.pricePkr,
    })
    .from(services)
    .orderBy(asc(services.providerId), asc(services.createdAt), asc(services.id));
  const servicesOf = new Map<string, ServiceFacts[]>();
  for (const s of serviceRows) {
    const list = servicesOf.get(s.providerId) ?? [];
    list.push(s);
    servicesOf.set(s.providerId, list);
  }

  const owners = planOwners(all, new Random(seed, STREAM.owners));
  await db.transaction(async (tx) => {
    for (let i = 0; i < owners.length; i += ROWS_PER_INSERT) {
      await tx.insert(users).values(owners.slice(i, i + ROWS_PER_INSERT).map((o) => o.user));
    }
    for (const o of owners) {
      await tx
        .update(providers)
        .set({ userId: o.user.id })
        .where(and(eq(providers.id, o.providerId), isNull(providers.userId)));
    }
  });
  const ownerOf = new Map(owners.map((o) => [o.providerId, o.user.id]));
  for (const p of all) if (!p.userId && ownerOf.has(p.id)) p.userId = ownerOf.get(p.id)!;

  const demoEmails = {
    customer: DEMO_ACCOUNTS.find((a) => a.role === "customer")!.email,
    provider: DEMO_ACCOUNTS.find((a) => a.role === "provider")!.email,
  };
  const [demoCustomer] = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.email, demoEmails.customer));
  // The sample customers: no password, so nobody signs in as them.
  const samples = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.role, "customer"), isNull(users.passwordHash)))
    .orderBy(asc(users.createdAt), asc(users.email));
  const [demoOwner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmails.provider));
  const demoProvider = all.find((p) => demoOwner && p.userId === demoOwner.id) ?? null;

  const plan = planLeads({
    providers: all.filter((p) => p.userId && p.isActive),
    servicesOf,
    customers: samples,
    demoCustomer: demoCustomer ?? null,
    demoProviderId: demoProvider?.id ?? null,
    now: now.getTime(),
    rng: new Random(seed, STREAM.leads),
  });
  const hashes = new Map<string, string>();
  for (const l of plan.leads) {
    if (!hashes.has(l.need)) hashes.set(l.need, await needHashOf(l.need));
    l.needHash = hashes.get(l.need)!;
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < plan.leads.length; i += ROWS_PER_INSERT) {
      await tx.insert(leads).values(plan.leads.slice(i, i + ROWS_PER_INSERT));
    }
    for (let i = 0; i < plan.messages.length; i += ROWS_PER_INSERT) {
      await tx.insert(leadMessages).values(plan.messages.slice(i, i + ROWS_PER_INSERT));
    }
  });

  const categories = await db
    .select({ id: serviceCategories.id, name: serviceCategories.name })
    .from(serviceCategories)
    .orderBy(asc(serviceCategories.name));
  const batch = new CountBatch();
  planProviderCounts(batch, all, servicesOf, categories, now, new Random(seed, STREAM.stats));
  planSearches(batch, categories, now, new Random(seed, STREAM.searches));
  // Made-up history, not visitors: the ceilings against inflation do not apply (decision 028).
  await writeCounts(db, batch, NO_CEILINGS);

  // Measured on the first build: cards show 'Usually replies within …' and the badge.
  await recomputeReplyTimes(db, now);
  return {
    owners: owners.length,
    leads: plan.leads.length,
    messages: plan.messages.length,
    statsRows: batch.providers.size,
    termRows: batch.terms.size,
    searchRows: batch.searches.size,
  };
}

/* ------------------------------------------------------------ owners */

function planOwners(all: ProviderFacts[], rng: Random): { providerId: string; user: UserRow }[] {
  const out: { providerId: string; user: UserRow }[] = [];
  for (const p of all) {
    // Suggested listings were added by visitors: their businesses have not signed up.
    const chance = p.isVerified ? OWNED_SHARE.verified : OWNED_SHARE.other;
    const owned = rng.chance(chance);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const id = rng.uuid();
    if (!owned || !p.isActive || p.isSuggested || p.userId) continue;
    // Signed up when the listing was made; no password, so nobody signs in as them.
    const joined = p.createdAt;
    out.push({
      providerId: p.id,
      user: {
        id,
        email: `${first}.${last}.${out.length + 1}.owner@karkhana.example`.toLowerCase(),
        firstName: first,
        lastName: last,
        role: "provider",
        passwordHash: null,
        emailConfirmedAt: joined,
        createdAt: joined,
        updatedAt: joined,
      },
    });
  }
  return out;
}

/* ------------------------------------------------------------- leads */

/** How quickly a provider answers: the median of its first replies, and how often it never does. */
interface Pace {
  medianMinutes: number;
  unanswered: number;
}

function paceOf(rng: Random): Pace {
  const r = rng.next();
  if (r < 0.3) return { medianMinutes: rng.between(5, 45), unanswered: 0.03 };
  if (r < 0.75) return { medianMinutes: rng.between(90, 420), unanswered: 0.06 };
  return { medianMinutes: rng.between(600, 2400), unanswered: 0.14 };
}

/** A standard normal draw (Box–Muller). */
function gauss(rng: Random): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Hours since midnight in Pakistan at `t`. */
function pkHour(t: number): number {
  return (t - dayStartMs(pakistanDay(new Date(t)))) / HOUR;
}

/** `t`, or the next morning's opening when `t` falls in the night (people write in working hours). */
function inWorkingHours(rng: Random, t: number): number {
  const hour = pkHour(t);
  if (hour >= 9 && hour < 22) return t;
  const day = pakistanDay(new Date(t));
  const morning = hour >= 22 ? addDays(day, 1) : day;
  return dayStartMs(morning) + 9 * HOUR + rng.int(100) * MINUTE;
}

/** The provider's next answer after `t`: around its median, later at night. */
function replyAfter(rng: Random, pace: Pace, t: number): number {
  const minutes = Math.max(2, pace.medianMinutes * Math.exp(0.6 * gauss(rng)));
  const at = t + Math.round(minutes * MINUTE);
  return minutes >= 60 ? inWorkingHours(rng, at) : at;
}

/** A customer's answer: within minutes to a day, in working hours. */
function customerAfter(rng: Random, t: number): number {
  return inWorkingHours(rng, t + rng.between(10, 24 * 60) * MINUTE);
}

const NICE_STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8] as const;

/** The round number a person would write closest to `x` (1, 2, … 12, 15, 20, 25 … 1,200 …). */
function niceCount(x: number): number {
  if (x <= 1) return 1;
  const e = Math.floor(Math.log10(x));
  let best = 1;
  for (const p of [e - 1, e, e + 1]) {
    for (const s of NICE_STEPS) {
      const v = Math.round(s * 10 ** p);
      if (v >= 1 && Math.abs(Math.log(v / x)) < Math.abs(Math.log(best / x))) best = v;
    }
  }
  return best;
}

/** Rupees rounded as a quotation is. */
function niceMoney(x: number): number {
  const step = x >= 1_000_000 ? 10_000 : x >= 100_000 ? 1_000 : x >= 10_000 ? 500 : 50;
  return Math.max(step, Math.round(x / step) * step);
}

const count = (n: number) => n.toLocaleString("en-US");

const PLURALS: Readonly<Record<string, string>> = {
  "running foot": "running feet",
  "person per month": "people a month",
  "pallet per month": "pallets a month",
};

function plural(unit: string, n: number): string {
  if (n === 1) return unit;
  if (PLURALS[unit]) return PLURALS[unit];
  if (/(^|\s)(sq ft|cu ft|kg|dozen( \w+)?|s)$/.test(unit) || unit.endsWith("s")) return unit;
  return `${unit}s`;
}

/** What is asked for, without the price unit: "Greige cotton lawn fabric". */
function itemOf(name: string): string {
  return name
    .replace(/\s*\((?:MOQ|bulk)[^)]*\)/g, "")
    .replace(/,?\s+(?:bulk\s+)?per\s.*$/i, "")
    .trim();
}

/**
 * How much of a service a customer asks for, and what it would cost at the
 * listed price: "2,000 metres" of a per-metre fabric, "5,000 parts" of
 * turning priced per 100, one visit of a service priced per job.
 */
function sizeOf(
  rng: Random,
  service: { name: string; pricePkr: number },
  kind: DemoTradeInfo["kind"],
): { quantity: string | null; value: number } {
  const price = service.pricePkr;
  const per = /,?\s(?:bulk\s)?per\s([^()]+?)\s*(?:\([^)]*\))?$/i.exec(service.name)?.[1];
  const bundle = /\b(pack|set|box) of (\d+)/i.exec(service.name);
  const target =
    kind === "maker"
      ? 40_000 * Math.exp(rng.next() * Math.log(40))
      : 15_000 * Math.exp(rng.next() * Math.log(50));
  const some = price >= 300_000 ? 1 : niceCount(target / price);
  if (per) {
    const numbered = /^(\d[\d,]*)\s*(.*)$/.exec(per);
    if (numbered) {
      const each = Number(numbered[1]!.replace(/,/g, ""));
      return { quantity: `${count(some * each)} ${numbered[2] || "pieces"}`, value: some * price };
    }
    return { quantity: `${count(some)} ${plural(per, some)}`, value: some * price };
  }
  const container = /\b(bag|drum|can|jar|carton|box|bundle)\b/i.exec(service.name);
  if (container && kind === "maker") {
    const noun = container[1]!.toLowerCase();
    return {
      quantity: `${count(some)} ${some === 1 ? noun : noun === "box" ? "boxes" : `${noun}s`}`,
      value: some * price,
    };
  }
  if (bundle) {
    const noun = { pack: "packs", set: "sets", box: "boxes" }[bundle[1]!.toLowerCase()] ?? "sets";
    return { quantity: some === 1 ? null : `${count(some)} ${noun}`, value: some * price };
  }
  // A job (a visit, an installation, a website): one of it.
  if (kind === "service") return { quantity: null, value: price };
  return { quantity: some === 1 ? null : `${count(some)} pieces`, value: some * price };
}

const MAKER_PURPOSES = [
  "for our export order",
  "for our retail shops in {city}",
  "for a distributor in {city}",
  "for our factory in {city}",
  "for a corporate order",
  "for our online store",
] as const;
const SERVICE_PURPOSES = [
  "at our factory in {city}",
  "at our office in {city}",
  "at our house in {city}",
  "at our warehouse in {city}",
  "at our shop in {city}",
] as const;
const MAKER_DETAILS = [
  "Samples first, then bulk.",
  "We will share the design and size chart on WhatsApp.",
  "Quality must match the sample we send.",
  "Please quote with and without GST.",
  "Export-quality packing please, cartons with our labels.",
  "If the first lot is good we will order every month.",
  "Can you send photos of similar work you have done?",
] as const;
const SERVICE_DETAILS = [
  "A site visit is fine before the final rate.",
  "Work can only be done on Sunday so production does not stop.",
  "Please include material and labour.",
  "We need a written quotation for our accounts department.",
  "The previous contractor left the job half done.",
  "Please mention the warranty on the work.",
] as const;
const MAKER_DELIVERY = [
  "Delivery to {city} within {weeks} weeks.",
  "Needed in {city} by the end of next month.",
  "Ex-factory is fine, we will arrange transport.",
] as const;
const SERVICE_TIMING = [
  "Work should start within {days} days.",
  "Urgent, this week if possible.",
  "Any day next week suits us.",
] as const;
const ASKS = [
  "Please share your best rate and lead time.",
  "What is your rate for this quantity?",
  "Please confirm price and delivery time.",
  "Kindly send your quotation.",
] as const;

function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ""));
}

function needText(
  rng: Random,
  item: string,
  quantity: string | null,
  trade: DemoTradeInfo,
  city: string,
): string {
  const maker = trade.kind === "maker";
  const vars = { city, weeks: rng.between(2, 6), days: rng.between(3, 15) };
  const purpose = fill(rng.pick(maker ? MAKER_PURPOSES : SERVICE_PURPOSES), vars);
  const detail = rng.pick(maker ? MAKER_DETAILS : SERVICE_DETAILS);
  const when = fill(rng.pick(maker ? MAKER_DELIVERY : SERVICE_TIMING), vars);
  const ask = rng.pick(ASKS);
  const what = quantity ? `${item}, ${quantity}` : item;
  switch (rng.int(3)) {
    case 0:
      return `${what} ${purpose}. ${detail} ${when} ${ask}`;
    case 1:
      return `Assalam o alaikum. We need a quote for the following: ${what}, ${purpose}. ${detail} ${when}`;
    default:
      return `Saw your listing on Karkhana. Requirement: ${what}. ${when} ${detail} ${ask}`;
  }
}

/** A provider's question before quoting, and the customer's answer to it. */
const QUESTIONS: readonly (readonly [string, string])[] = [
  [
    "Thank you for your request. Could you share a drawing or a photo of the sample?",
    "Sure, I have sent the photos on WhatsApp.",
  ],
  [
    "Thanks for reaching out. Which quality do you need, standard or export grade?",
    "Export quality please, it is for a foreign buyer.",
  ],
  [
    "Walaikum assalam. Please confirm the exact quantity and sizes so we can quote properly.",
    "Quantity is final. Sizes as mentioned in the request.",
  ],
  [
    "Thank you. Can we visit first? The visit is free within {city}.",
    "Yes, you can visit on Saturday after 11 am.",
  ],
  [
    "Thanks, noted. Do you need delivery to your place, or will you collect from our {place}?",
    "Delivery to our place please.",
  ],
];
const QUOTE_LINES = [
  "Our rate for this is {amount}, ready in {lead}. {terms}",
  "Thank you for your enquiry. We can do it for {amount}, {lead}. {terms}",
  "Walaikum assalam. Total comes to {amount}. Lead time {lead}. {terms}",
] as const;
const TERMS = [
  "50% advance, balance on delivery.",
  "Rate includes GST.",
  "Transport extra at actuals.",
  "Material and labour included.",
  "Rate is valid for the date below because raw material prices keep changing.",
] as const;
const FOLLOW_UPS = [
  ["Does the price include transport to {city}?", "Yes, delivery in {city} is included."],
  ["What would be the payment terms?", "Half in advance, the rest on delivery."],
  [
    "Can we see a sample before confirming?",
    "Yes, you are welcome to visit, or we can courier one.",
  ],
] as const;

interface LeadPlanInput {
  providers: ProviderFacts[];
  servicesOf: ReadonlyMap<string, ServiceFacts[]>;
  customers: Customer[];
  demoCustomer: Customer | null;
  demoProviderId: string | null;
  now: number;
  rng: Random;
}

type Outcome = "unanswered" | "question" | "quoted" | "won" | "lost";

interface LeadSpec {
  provider: ProviderFacts;
  customer: Customer;
  createdAt: number;
  pace: Pace;
  outcome: Outcome;
}

/**
 * Quote requests to the owned providers (most get some, a few none) and to
 * the demo provider: a handful, all read but one new one. The demo customer
 * sent a few: one to the demo provider, quoted and not yet read.
 */
function planLeads(input: LeadPlanInput): { leads: LeadRow[]; messages: MessageRow[] } {
  const { rng, now } = input;
  const today = pakistanDay(new Date(now));
  const specs: LeadSpec[] = [];
  const outcome = (pace: Pace): Outcome => {
    if (rng.chance(pace.unanswered)) return "unanswered";
    const r = rng.next();
    return r < 0.25 ? "question" : r < 0.6 ? "quoted" : r < 0.82 ? "won" : "lost";
  };
  /** A working-hours moment `daysAgo` days back, never in the last half hour. */
  const momentAgo = (daysAgo: number) => {
    const start = dayStartMs(addDays(today, -daysAgo));
    const t = start + (9 + rng.int(13)) * HOUR + rng.int(60) * MINUTE;
    return t <= now - 30 * MINUTE ? t : t - DAY;
  };
  const customerAt = (t: number) => {
    const joined = input.customers.filter((c) => c.createdAt.getTime() <= t - DAY);
    return joined.length ? rng.pick(joined) : null;
  };
  const owned = input.providers;
  for (const provider of owned) {
    const demo = provider.id === input.demoProviderId;
    const pace = demo ? { medianMinutes: 20, unanswered: 0 } : paceOf(rng);
    const quiet = rng.chance(0.15);
    const n = demo ? 5 : rng.chance(0.2) ? rng.between(1, 2) : rng.between(3, 8);
    if (quiet && !demo) continue;
    for (let i = 0; i < n; i++) {
      const createdAt = momentAgo(rng.int(REPLY_WINDOW_DAYS - 2));
      const customer = customerAt(createdAt);
      if (!customer) continue;
      specs.push({ provider, customer, createdAt, pace, outcome: outcome(pace) });
    }
    if (demo) {
      // Today's new request, not opened yet: the unread one on the Leads tab.
      const customer = customerAt(now - 2 * DAY);
      if (customer) {
        const createdAt = now - rng.between(60, 240) * MINUTE;
        specs.push({ provider, customer, createdAt, pace, outcome: "unanswered" });
      }
    }
  }
  const { demoCustomer } = input;
  const others = owned.filter((p) => p.id !== input.demoProviderId);
  if (demoCustomer && others.length >= 2) {
    const demoProvider = owned.find((p) => p.id === input.demoProviderId);
    const fast = { medianMinutes: 40, unanswered: 0 };
    if (demoProvider)
      specs.push({
        provider: demoProvider,
        customer: demoCustomer,
        createdAt: momentAgo(6),
        pace: fast,
        outcome: "quoted",
      });
    const [a, b] = [rng.pick(others), rng.pick(others)];
    specs.push({
      provider: a,
      customer: demoCustomer,
      createdAt: momentAgo(21),
      pace: fast,
      outcome: "won",
    });
    specs.push({
      provider: b,
      customer: demoCustomer,
      createdAt: momentAgo(2),
      pace: fast,
      outcome: "question",
    });
  }

  const out = { leads: [] as LeadRow[], messages: [] as MessageRow[] };
  for (const spec of specs) {
    const demoCustomerLead = spec.customer === demoCustomer;
    writeThread(input, spec, out, {
      // The demo provider has read everything but today's new request.
      providerReadAll: spec.provider.id === input.demoProviderId && spec.outcome !== "unanswered",
      // The demo customer has a reply waiting on the demo provider's quote.
      customerUnread: demoCustomerLead && spec.provider.id === input.demoProviderId,
    });
  }
  return out;
}

function writeThread(
  input: LeadPlanInput,
  spec: LeadSpec,
  out: { leads: LeadRow[]; messages: MessageRow[] },
  opts: { providerReadAll: boolean; customerUnread: boolean },
): void {
  const { rng, now } = input;
  const { provider, customer, pace } = spec;
  const priced = (input.servicesOf.get(provider.id) ?? []).filter(
    (s): s is ServiceFacts & { pricePkr: number } => s.pricePkr !== null && s.pricePkr > 0,
  );
  const id = rng.uuid();
  if (priced.length === 0) return;
  const service = rng.pick(priced);
  const trade = demoTradeOf(service.categoryId) ?? { kind: "maker" as const, place: "factory" };
  const city =
    provider.city && rng.chance(0.65) ? provider.city : rng.pick<string>(FEATURED_CITIES);
  const { quantity, value } = sizeOf(rng, service, trade.kind);
  const need = needText(rng, itemOf(service.name), quantity, trade, city);
  const budget = rng.chance(0.55) ? niceMoney(value * (0.75 + 0.3 * rng.next())) : null;
  const t0 = spec.createdAt;
  const neededBy = rng.chance(0.45)
    ? addDays(pakistanDay(new Date(t0)), rng.between(10, 60))
    : null;
  const vars = {
    city,
    place: trade.kind === "maker" ? trade.place : "office",
  };

  // The thread, in time order; it stops where `now` cuts it short (still in progress).
  type Event =
    | { side: "provider" | "customer"; body: string; quote?: number; at: number }
    | { status: "won" | "lost"; at: number };
  const events: Event[] = [];
  let t = t0;
  const say = (side: "provider" | "customer", body: string, quote?: number): boolean => {
    t = side === "provider" ? replyAfter(rng, pace, t) : customerAfter(rng, t);
    if (t > now - MINUTE) return false;
    events.push({ side, body: fill(body, vars), quote, at: t });
    return true;
  };
  let amount = niceMoney(value * (0.85 + 0.35 * rng.next()));
  const quoteBody = () =>
    fill(rng.pick(QUOTE_LINES), {
      amount: formatPkr(amount),
      lead:
        trade.kind === "maker"
          ? `${rng.between(2, 6)} weeks after confirmation`
          : `we can start within ${rng.between(2, 7)} days`,
      terms: rng.pick(TERMS),
    });
  const quoted = (): boolean => {
    if (rng.chance(0.6)) return say("provider", quoteBody(), amount);
    const [question, answer] = rng.pick(QUESTIONS);
    return (
      say("provider", question) && say("customer", answer) && say("provider", quoteBody(), amount)
    );
  };
  switch (spec.outcome) {
    case "unanswered":
      break;
    case "question": {
      const [question, answer] = rng.pick(QUESTIONS);
      if (say("provider", question) && rng.chance(0.7)) say("customer", answer);
      break;
    }
    case "quoted":
      if (quoted() && rng.chance(0.4)) {
        const [q, a] = rng.pick(FOLLOW_UPS);
        if (say("customer", q)) say("provider", a);
      }
      break;
    case "won": {
      if (!quoted()) break;
      if (rng.chance(0.35)) {
        const ask = niceMoney(amount * 0.88);
        if (!say("customer", `Your rate is a bit high. Can you do it for ${formatPkr(ask)}?`))
          break;
        amount = niceMoney((ask + amount) / 2);
        if (
          !say(
            "provider",
            `Best we can do is ${formatPkr(amount)}, if you confirm this week.`,
            amount,
          )
        )
          break;
      }
      if (!say("customer", "Okay, please go ahead. I will send the advance today.")) break;
      if (!say("provider", "Thank you, received. We will start and keep you updated here.")) break;
      events.push({ status: "won", at: t + rng.between(2, 30) * MINUTE });
      break;
    }
    case "lost": {
      if (!quoted()) break;
      if (rng.chance(0.6)) {
        if (!say("customer", "Thanks for the quote. We have gone with another supplier this time."))
          break;
        if (rng.chance(0.5))
          say("provider", "No problem, thank you. Do keep us in mind next time.");
        events.push({ status: "lost", at: t + rng.between(5, 240) * MINUTE });
      } else {
        events.push({ status: "lost", at: t + rng.between(7, 15) * DAY });
      }
      break;
    }
  }

  // The lead as createLead, addLeadMessage and setLeadStatus leave it (db/queries/leads.ts).
  const at = (ms: number) => new Date(ms);
  const lead: LeadRow = {
    id,
    providerId: provider.id,
    customerId: customer.id,
    need,
    quantity,
    budgetPkr: budget,
    city,
    neededBy,
    photos: [],
    status: "new",
    reviewState: "visible",
    needHash: "",
    deliveredAt: at(t0),
    firstReplyAt: null,
    lastMessageAt: at(t0),
    providerReadAt: null,
    customerReadAt: at(t0),
    providerMailedAt: at(t0),
    customerMailedAt: null,
    createdAt: at(t0),
    updatedAt: at(t0),
  };
  const mailDue = (last: Date | null | undefined, ms: number) =>
    !last || last.getTime() <= ms - LEAD_MAIL_INTERVAL_MS;
  let lastCustomerWrite = t0;
  let lastProviderWrite: number | null = null;
  for (const ev of events) {
    if (ev.at > now - MINUTE) break;
    if ("status" in ev) {
      lead.status = ev.status;
      lead.updatedAt = at(ev.at);
      lead.providerReadAt = at(ev.at);
      continue;
    }
    out.messages.push({
      id: rng.uuid(),
      leadId: id,
      senderId: ev.side === "provider" ? provider.userId : customer.id,
      side: ev.side,
      body: ev.body,
      quotePkr: ev.quote ?? null,
      quoteValidUntil:
        ev.quote === undefined ? null : addDays(pakistanDay(at(ev.at)), rng.pick([7, 10, 15, 30])),
      createdAt: at(ev.at),
    });
    lead.lastMessageAt = at(ev.at);
    lead.updatedAt = at(ev.at);
    if (ev.side === "provider") {
      lead.providerReadAt = at(ev.at);
      lead.firstReplyAt ??= at(ev.at);
      if (ev.quote !== undefined) {
        if (lead.status !== "won" && lead.status !== "lost") lead.status = "quoted";
      } else if (lead.status === "new") lead.status = "replied";
      if (mailDue(lead.customerMailedAt, ev.at)) lead.customerMailedAt = at(ev.at);
      lastProviderWrite = ev.at;
    } else {
      lead.customerReadAt = at(ev.at);
      if (mailDue(lead.providerMailedAt, ev.at)) lead.providerMailedAt = at(ev.at);
      lastCustomerWrite = ev.at;
    }
  }
  // Each side opens what the other wrote some time later, unless that is still to come.
  const later = (from: number, maxMinutes: number) => {
    const ms = from + rng.between(5, maxMinutes) * MINUTE;
    return ms < now ? at(ms) : null;
  };
  if (lastProviderWrite !== null && lastProviderWrite > lead.customerReadAt!.getTime()) {
    const read = opts.customerUnread ? null : later(lastProviderWrite, 12 * 60);
    if (read) lead.customerReadAt = read;
  }
  const providerRead = lead.providerReadAt?.getTime() ?? 0;
  if (lastCustomerWrite > providerRead) {
    const read = opts.providerReadAll
      ? at(Math.min(now, lastCustomerWrite + 20 * MINUTE))
      : lead.status === "new" && rng.chance(0.5)
        ? null
        : later(lastCustomerWrite, 8 * 60);
    if (read) lead.providerReadAt = read;
  }
  out.leads.push(lead);
}

/* --------------------------------------------------------- analytics */

/** Pakistan's week: Friday afternoons are short, Sunday is off. Indexed by getUTCDay of the day. */
const WEEKDAY = [0.55, 1.1, 1.1, 1.05, 1.0, 0.8, 0.85] as const;
const CITY_DRAW: Readonly<Record<string, number>> = {
  Karachi: 1.7,
  Lahore: 1.7,
  Islamabad: 1.3,
  Rawalpindi: 1.2,
  Faisalabad: 1.3,
  Multan: 1.1,
};

function poisson(rng: Random, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 40) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gauss(rng)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

function binomial(rng: Random, n: number, p: number): number {
  if (n > 40) {
    const k = Math.round(n * p + Math.sqrt(n * p * (1 - p)) * gauss(rng));
    return Math.min(n, Math.max(0, k));
  }
  let k = 0;
  for (let i = 0; i < n; i++) if (rng.next() < p) k++;
  return k;
}

/** Each day of the period ending today, oldest first, with how much of it has passed. */
function periodDays(now: Date): { day: string; share: number; index: number }[] {
  const { from, to } = periodEnding(now, DEMO_ACTIVITY_DAYS);
  const out: { day: string; share: number; index: number }[] = [];
  for (let day = from, i = 0; day <= to; day = addDays(day, 1), i++) {
    const share = day === to ? (now.getTime() - dayStartMs(day)) / DAY : 1;
    out.push({ day, share, index: i });
  }
  return out;
}

function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * Views, search appearances, clicks, reveals and taps per active provider per
 * day: more for big cities, verified and owned listings, a weekly rhythm and a
 * slow rise over the period. Appearances outnumber views, views outnumber
 * clicks from results, reveals and taps in that order. Owned providers (the
 * only ones with an Insights tab) also get the searches that showed them.
 */
function planProviderCounts(
  batch: CountBatch,
  all: ProviderFacts[],
  servicesOf: ReadonlyMap<string, ServiceFacts[]>,
  categories: { id: string; name: string }[],
  now: Date,
  rng: Random,
): void {
  const days = periodDays(now);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  for (const p of all) {
    // Drawn for every provider, so one listing's draws never shift another's.
    const size =
      (CITY_DRAW[p.city ?? ""] ?? 0.7) *
      (p.isVerified ? 1.4 : 1) *
      (p.userId ? 1.2 : 1) *
      (1 + 0.1 * (servicesOf.get(p.id)?.length ?? 0)) *
      Math.exp(0.5 * gauss(rng));
    const reach = 2.5 + 2.5 * rng.next();
    const ctr = 0.3 + 0.15 * rng.next();
    if (!p.isActive) continue;
    const terms = p.userId ? termsFor(p, servicesOf.get(p.id) ?? [], categoryName) : [];
    for (const { day, share, index } of days) {
      const trend = 0.85 + (0.3 * index) / DEMO_ACTIVITY_DAYS;
      const mean = 3 * size * WEEKDAY[weekday(day)]! * trend * share * Math.exp(0.25 * gauss(rng));
      const views = poisson(rng, mean);
      const impressions = Math.max(views, poisson(rng, mean * reach));
      const clicks = Math.min(binomial(rng, views, ctr), impressions);
      const reveals = binomial(rng, views, 0.12);
      const counts = {
        views,
        impressions,
        resultClicks: clicks,
        contactReveals: reveals,
        phoneTaps: binomial(rng, reveals, 0.4),
        whatsappTaps: p.phoneOnWhatsapp ? binomial(rng, reveals, 0.3) : 0,
        websiteClicks: p.website ? binomial(rng, reveals, 0.2) : 0,
      };
      for (const [metric, n] of Object.entries(counts) as [keyof typeof counts, number][]) {
        if (n > 0) batch.provider(p.id, day, metric, n);
      }
      // Most appearances come from typed words, the rest from browsing a category or city;
      // a day's words are mostly its one or two commonest searches.
      const searched = binomial(rng, impressions, 0.7);
      if (searched > 0 && terms.length) {
        const main = pickTerm(rng, terms);
        const other = pickTerm(rng, terms);
        const split = other === main ? 0 : binomial(rng, searched, 0.3);
        if (searched > split) batch.term(p.id, day, main, searched - split);
        if (split > 0) batch.term(p.id, day, other, split);
      }
    }
  }
}

/** The words that would show a provider, weighted: its trade, with its city, its services, its name. */
function termsFor(
  p: ProviderFacts,
  list: ServiceFacts[],
  categoryName: ReadonlyMap<string, string>,
): [string, number][] {
  const weights = new Map<string, number>();
  const add = (text: string, w: number) => {
    const term = normaliseTerm(text);
    if (term) weights.set(term, (weights.get(term) ?? 0) + w);
  };
  const trades = [...new Set(list.map((s) => categoryName.get(s.categoryId)).filter(Boolean))];
  for (const [i, name] of (trades as string[]).entries()) {
    const short = name.split(/ & |, /)[0]!;
    add(short, i === 0 ? 4 : 1.5);
    if (p.city) add(`${short} ${p.city}`, i === 0 ? 2.5 : 1);
  }
  for (const s of list.slice(0, 3))
    add(itemOf(s.name).split(/[,(]/)[0]!.split(" ").slice(0, 3).join(" "), 1);
  add(p.companyName, 0.6);
  return [...weights];
}

function pickTerm(rng: Random, terms: [string, number][]): string {
  const total = terms.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [term, w] of terms) {
    r -= w;
    if (r < 0) return term;
  }
  return terms.at(-1)![0];
}

/** Words that find nothing in the demo: a few, so the admin's list has something to show. */
const NOTHING_FOUND = [
  "helicopter spare parts",
  "3d metal printing",
  "yacht building",
  "satellite dish manufacturer",
  "ivory carving",
] as const;
const POPULAR_WORDS = [
  "welding",
  "solar panel",
  "cnc",
  "darzi",
  "bijli wala",
  "ac repair",
  "packaging boxes",
  "marble",
  "football",
  "surgical instruments",
  "plumber",
  "furniture",
] as const;

/**
 * The directory's searches per day: typed words (with or without a city),
 * category and city browsing, and a few searches that find nothing.
 */
function planSearches(
  batch: CountBatch,
  categories: { id: string; name: string }[],
  now: Date,
  rng: Random,
): void {
  const cities: readonly string[] = FEATURED_CITIES;
  const categoryTerms = categories.map((c) => normaliseTerm(c.name.split(/ & |, /)[0]));
  const words = [...POPULAR_WORDS, ...categoryTerms];
  for (const { day, share, index } of periodDays(now)) {
    const trend = 0.85 + (0.3 * index) / DEMO_ACTIVITY_DAYS;
    const total = poisson(rng, 70 * WEEKDAY[weekday(day)]! * trend * share);
    for (let i = 0; i < total; i++) {
      const r = rng.next();
      const city = rng.chance(0.55) ? rng.pick(cities) : "";
      if (r < 0.5) batch.search({ day, term: rng.pick(words), city, categoryId: "" });
      else if (r < 0.85 && categories.length)
        batch.search({ day, term: "", city, categoryId: rng.pick(categories).id });
      else batch.search({ day, term: "", city: city || rng.pick(cities), categoryId: "" });
    }
    for (const term of NOTHING_FOUND) {
      const n = rng.chance(0.3 * share) ? rng.between(1, 2) : 0;
      if (n) batch.search({ day, term, city: "", categoryId: "" }, n, n);
    }
  }
}
