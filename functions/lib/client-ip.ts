/**
 * The key a client is throttled and logged under, from the address the
 * runtime saw. An IPv6 host usually owns a whole /64 (RFC 6177 hands out /56
 * or /48 to a site), so keying on the full address lets one client rotate
 * through 2^64 identities: IPv6 clients are keyed by their /64 instead.
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`, what a dual-stack Node socket reports)
 * is the IPv4 client it stands for. Anything that is not an address comes
 * back as "unknown", so a forged header cannot mint arbitrary keys.
 */
export function clientIpKey(raw: string | null | undefined): string {
  if (!raw) return "unknown";
  let ip = raw.trim();
  // Some proxies append the port (`203.0.113.9:51234`, `[2001:db8::1]:443`); a bracketed
  // address and a zone (`fe80::1%eth0`) are still that address.
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(ip);
  if (v4WithPort) ip = v4WithPort[1]!;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  ip = ip.replace(/%.*$/, "");
  if (IPV4.test(ip)) return ip;
  const hextets = parseIpv6(ip.toLowerCase());
  if (!hextets) return "unknown";
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [hi, lo] = [hextets[6]!, hextets[7]!];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}

const OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const HEXTET = /^[0-9a-f]{1,4}$/;

/**
 * The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4
 * tail folded in), or null when it is not one. Hand-written rather than
 * node:net's isIP so the Worker needs nothing from node:net.
 */
function parseIpv6(ip: string): number[] | null {
  let tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (dotted) {
    if (!IPV4.test(dotted[1]!)) return null;
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    tail = [(a << 8) | b, (c << 8) | d];
    ip = ip.slice(0, -dotted[1]!.length - 1) + (ip.endsWith("::" + dotted[1]) ? ":" : "");
  }
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...left, ...right].every((h) => HEXTET.test(h))) return null;
  const given = left.length + right.length + tail.length;
  if (halves.length === 2 ? given > 7 : given !== 8) return null;
  const fill = Array<string>(8 - given).fill("0");
  return [...left, ...fill, ...right].map((h) => parseInt(h, 16)).concat(tail);
}

/**
 * The client address from X-Forwarded-For behind a proxy we run: the
 * right-most hop, the one our proxy appended. Every hop to its left came from
 * the client and can say anything. Several headers are one list (RFC 9110 §5.3).
 */
export function forwardedClientIp(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const hops = header
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return hops.at(-1);
}
