/**
 * "Chrome on Android" from a User-Agent, for the account page's session list.
 * Deliberately coarse: enough for a person to recognise their own devices, no
 * versions (the UA is sender-chosen text and versions would only add noise).
 * Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome
 * also says "Safari", and iPadOS and Android also say "Mac OS X" and "Linux".
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//, "Safari"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

function first(ua: string, table: ReadonlyArray<[RegExp, string]>): string | null {
  for (const [pattern, name] of table) if (pattern.test(ua)) return name;
  return null;
}

export const UNKNOWN_DEVICE = "Unknown device";

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = first(userAgent, BROWSERS);
  const system = first(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
