/**
 * Who a connection or a request comes from, the same way in the three servers (the static server, the
 * Ask AI proxy, the MCP server): the key a client is counted under, and the client's address behind
 * reverse proxies that are trusted to name it.
 */
import net from 'node:net';
import type http from 'node:http';

/** The eight groups of an IPv6 address, written out in full (four hex digits each). */
export function ipv6Groups(address: string): string[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = Array(8 - left.length - right.length).fill('0');
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) => group.padStart(4, '0'));
}

const ipv4Of = (high: string, low: string) => {
  const [a, b] = [parseInt(high, 16), parseInt(low, 16)];
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
};

/**
 * An address as the client it names: an IPv4 address carried in IPv6 (IPv4-mapped `::ffff:a.b.c.d`, and
 * NAT64's well-known prefix `64:ff9b::/96`, through which IPv6-only networks reach IPv4 servers) becomes
 * that IPv4 address; anything else is kept (without brackets).
 */
export function plainAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!net.isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  const head = groups.slice(0, 6).join(':');
  if (head === '0000:0000:0000:0000:0000:ffff' || head === '0064:ff9b:0000:0000:0000:0000')
    return ipv4Of(groups[6], groups[7]);
  return bare;
}

/**
 * The key a client is counted under: an IPv4 address as is (IPv4 in IPv6 as its IPv4 address), an IPv6
 * address by its /64 network, the block one subscriber usually gets whole (so rotating addresses inside
 * it earns nothing). Anything that is not an address (a token's subject) is its own key.
 */
export function clientKey(address: string): string {
  const ip = plainAddress(address);
  if (!net.isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/**
 * A list of addresses and subnets (`10.0.0.5`, `10.1.0.0/16`, `fd00::/8`): `has(address)` tells whether
 * an address is in it, IPv4 in IPv6 included. `label` names the setting in the error for a bad entry.
 */
export function addressList(entries: readonly string[], label: string) {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    const bits = Number(prefix);
    if (
      !net.isIP(address) ||
      rest.length ||
      (prefix !== undefined && !(/^\d+$/.test(prefix) && bits <= (type === 'ipv6' ? 128 : 32)))
    )
      throw new Error(`${label}: "${entry}" is not an IP address or subnet.`);
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    size: entries.length,
    has(address: string): boolean {
      if (!entries.length) return false;
      const ip = plainAddress(address);
      const type = net.isIPv6(ip) ? 'ipv6' : net.isIPv4(ip) ? 'ipv4' : undefined;
      return type !== undefined && list.check(ip, type);
    },
  };
}

export type AddressList = ReturnType<typeof addressList>;

/**
 * The client's address: the connection's, or, when the connection comes from a trusted reverse proxy,
 * the last address of `X-Forwarded-For` that is not itself a trusted proxy (earlier ones are the
 * client's own say-so). Without trusted proxies the header is never read.
 */
export function clientAddress(trustedProxies: readonly string[], label = 'trusted proxies') {
  const trusted = addressList(trustedProxies, label);
  return (req: http.IncomingMessage): string => {
    const socket = plainAddress(req.socket.remoteAddress ?? 'unknown');
    if (!trusted.has(socket)) return socket;
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const address of forwarded.reverse()) {
      if (!net.isIP(address.replace(/^\[|\]$/g, ''))) return socket; // not an address: trust nothing more
      if (!trusted.has(address)) return plainAddress(address);
    }
    return socket;
  };
}
