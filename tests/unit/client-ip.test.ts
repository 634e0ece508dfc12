import { describe, expect, it } from "vitest";
import { clientIpKey, forwardedClientIp } from "../../functions/lib/client-ip.ts";

describe("clientIpKey", () => {
  it.each([
    // IPv4 as it is
    ["203.0.113.9", "203.0.113.9"],
    [" 198.51.100.7 ", "198.51.100.7"],
    // IPv6: the /64, `::` expanded, lowercase, leading zeros dropped
    ["2001:db8:abcd:12:1:2:3:4", "2001:db8:abcd:12::/64"],
    ["2001:DB8:ABCD:0012:ffff:ffff:ffff:ffff", "2001:db8:abcd:12::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["[2001:db8::5]", "2001:db8:0:0::/64"],
    // with a port, as some proxies write it
    ["203.0.113.9:51234", "203.0.113.9"],
    ["[2001:db8::5]:443", "2001:db8:0:0::/64"],
    ["[::ffff:1.2.3.4]:80", "1.2.3.4"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    // IPv4-mapped IPv6 is the IPv4 client (a dual-stack Node socket reports these)
    ["::ffff:1.2.3.4", "1.2.3.4"],
    ["::FFFF:203.0.113.9", "203.0.113.9"],
    ["::ffff:c000:0201", "192.0.2.1"],
    ["0:0:0:0:0:ffff:1.2.3.4", "1.2.3.4"],
    // not an address: one shared key, never the forged text itself
    ["", "unknown"],
    [null, "unknown"],
    [undefined, "unknown"],
    ["unknown", "unknown"],
    ["1.2.3", "unknown"],
    ["256.1.1.1", "unknown"],
    ["01.2.3.4", "unknown"],
    ["1.2.3.4.5", "unknown"],
    ["1.2.3.4:", "unknown"],
    ["[1.2.3.4]x", "unknown"],
    ["2001:db8:::1", "unknown"],
    ["2001:db8::1::2", "unknown"],
    ["1:2:3:4:5:6:7:8:9", "unknown"],
    ["1:2:3:4:5:6:7", "unknown"],
    ["12345::1", "unknown"],
    ["::ffff:1.2.3.256", "unknown"],
    ["g::1", "unknown"],
    ["evil'; DROP TABLE", "unknown"],
  ])("%j → %s", (raw, key) => {
    expect(clientIpKey(raw)).toBe(key);
  });

  it("puts two addresses of one /64 under one key and a neighbouring /64 under another", () => {
    expect(clientIpKey("2001:db8:1:2:aaaa::1")).toBe(clientIpKey("2001:db8:1:2:bbbb::2"));
    expect(clientIpKey("2001:db8:1:3::1")).not.toBe(clientIpKey("2001:db8:1:2::1"));
  });
});

describe("forwardedClientIp", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["203.0.113.9", "203.0.113.9"],
    // The client may send its own X-Forwarded-For; the proxy appends the real address last.
    ["6.6.6.6, 203.0.113.9", "203.0.113.9"],
    ["6.6.6.6,203.0.113.9", "203.0.113.9"],
    ["1.1.1.1, 2.2.2.2, 2001:db8::7", "2001:db8::7"],
    ["6.6.6.6, 203.0.113.9, ", "203.0.113.9"],
  ])("%j → %j", (header, ip) => {
    expect(forwardedClientIp(header)).toBe(ip);
  });
});
