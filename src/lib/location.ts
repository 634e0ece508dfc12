import { CITIES } from "./cities.ts";

/** Separator between city and address in a stored location: `City — address`. */
export const LOCATION_SEPARATOR = " — ";

export interface SplitLocation {
  /** Canonical city name when the location starts with a known city, else "". */
  city: string;
  /** Everything after the city and separator (or the whole text when no city matched). */
  address: string;
}

// Longest names first so "Dera Ismail Khan" wins over a shorter city that is its prefix.
const citiesByLength = [...CITIES].sort((a, b) => b.length - a.length);

/** Combines a city and an optional address into the stored `City — address` form. */
export function joinLocation(city: string, address?: string | null): string {
  const c = city.trim();
  const a = (address ?? "").trim();
  if (!c) return a;
  return a ? `${c}${LOCATION_SEPARATOR}${a}` : c;
}

/**
 * Reads a stored location back into city and address. The city is a known city
 * that prefixes the location (case-insensitive, followed by the end, the
 * separator, a dash or a comma); the rest after the separator is the address.
 */
export function splitLocation(location: string | null | undefined): SplitLocation {
  const text = (location ?? "").trim();
  if (!text) return { city: "", address: "" };
  const lower = text.toLowerCase();
  for (const city of citiesByLength) {
    if (!lower.startsWith(city.toLowerCase())) continue;
    const rest = text.slice(city.length);
    if (rest === "") return { city, address: "" };
    const m = /^\s*(?:—|–|-|,)\s*/.exec(rest);
    if (!m) continue; // "Lahore Cantt" is not Lahore followed by an address
    return { city, address: rest.slice(m[0].length).trim() };
  }
  return { city: "", address: text };
}
