// --trusted-proxy: the addresses and CIDRs (IPv4 and IPv6) whose forwarded tokens proxy mode believes.
import { BlockList, isIP } from 'node:net';
import { UsageError } from './args.js';

/** Parses "10.0.0.7, 10.1.0.0/16, fd00::/8" into a BlockList; a malformed entry is a UsageError naming it. */
export function parseAddressList(text: string, flag: string): BlockList {
  const list = new BlockList();
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0) throw new UsageError(`${flag} needs at least one address or CIDR`);
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) throw new UsageError(`${flag}: "${entry}" is not an IP address or CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = /^\d+$/.test(prefix) ? Number(prefix) : NaN;
    if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) throw new UsageError(`${flag}: "${entry}" has a prefix length outside 0-${family === 4 ? 32 : 128}`);
    list.addSubnet(address, bits, type);
  }
  return list;
}
