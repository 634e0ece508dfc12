const pkr = new Intl.NumberFormat("en-PK", { maximumFractionDigits: 0 });

/** Whole rupees in the en-PK style: `PKR 150,000`. */
export function formatPkr(rupees: number): string {
  return `PKR ${pkr.format(rupees)}`;
}

/** Lowest price among a provider's services, or null when none is priced. */
export function lowestPrice(services: ReadonlyArray<{ pricePkr: number | null }>): number | null {
  let min: number | null = null;
  for (const s of services) {
    if (s.pricePkr == null) continue;
    if (min === null || s.pricePkr < min) min = s.pricePkr;
  }
  return min;
}
