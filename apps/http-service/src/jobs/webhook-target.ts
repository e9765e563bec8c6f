/**
 * Which webhook URLs the service may call. A job names a URL the service will POST to, so a
 * caller could point it at the service's own network (a metadata endpoint, an admin port on
 * a private address). A URL is refused unless it is http(s) and every address its name
 * resolves to is public — not loopback, private, link-local, carrier-grade NAT, unique-local,
 * multicast or unspecified (IPv4-mapped IPv6 addresses are read as their IPv4 address) —
 * or its host is one the operator allows (`--allow-webhook-host`). The check runs when a job
 * is accepted and again when the webhook is sent, through the lookup the connection itself
 * uses, so a name that resolves elsewhere the second time (DNS rebinding) is still refused.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** A webhook URL the service will not call, with the reason (`code` `WEBHOOK_URL_REFUSED`). */
export class WebhookUrlError extends Error {
  override readonly name = 'WebhookUrlError';
  readonly code = 'WEBHOOK_URL_REFUSED';
}

/** Address ranges a webhook may not reach (IANA special-purpose registries). */
function nonPublicRanges(): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['64:ff9b::', 96],
    ['2001:db8::', 32],
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** True when `address` (IPv4 or IPv6 text) is loopback, private, link-local or otherwise not public. */
export function isNonPublicAddress(address: string, ranges: BlockList = nonPublicRanges()): boolean {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped !== null) return isNonPublicAddress(mapped[1]!, ranges);
  const family = isIP(address);
  if (family === 0) return true;
  return ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves a host name to all its addresses (the system resolver, as a connection would). */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => (error === null ? resolve(addresses.map((entry) => entry.address)) : reject(error)));
  });

/** The host of a URL as written, without IPv6 brackets, lower-cased. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** The policy of one service: which hosts the operator allows whatever they resolve to. */
export interface WebhookTargetPolicy {
  /** Parses and checks `text`; the URL, or a `WebhookUrlError` saying why not. */
  check(text: string): Promise<URL>;
  /** A `lookup` for `http.request` that refuses non-public addresses of hosts not allowed. */
  readonly lookup: typeof dnsLookup;
  /** Whether the host of `url` is one the operator allows. */
  allows(url: URL): boolean;
}

export function webhookTargetPolicy(options: { readonly allowHosts?: readonly string[]; readonly resolve?: ResolveHost } = {}): WebhookTargetPolicy {
  const allowed = new Set((options.allowHosts ?? []).map((host) => host.replace(/^\[|\]$/g, '').toLowerCase()));
  const resolve = options.resolve ?? systemResolve;
  const ranges = nonPublicRanges();
  const allows = (url: URL): boolean => allowed.has(hostOf(url));

  const check = async (text: string): Promise<URL> => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new WebhookUrlError(`The webhook URL is not a URL: ${text}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookUrlError(`A webhook URL is http or https, not ${url.protocol}`);
    if (url.username !== '' || url.password !== '') throw new WebhookUrlError('A webhook URL may not carry credentials.');
    if (allows(url)) return url;
    const host = hostOf(url);
    let addresses: readonly string[];
    if (isIP(host) !== 0) addresses = [host];
    else {
      try {
        addresses = await resolve(host);
      } catch {
        throw new WebhookUrlError(`The webhook host ${host} does not resolve.`);
      }
    }
    const refused = addresses.find((address) => isNonPublicAddress(address, ranges));
    if (addresses.length === 0 || refused !== undefined) {
      throw new WebhookUrlError(`The webhook host ${host} resolves to ${refused ?? 'nothing'}, a loopback, private or link-local address; the operator may allow it with --allow-webhook-host ${host}.`);
    }
    return url;
  };

  // Used by the connection: the addresses it connects to are the ones checked here.
  const lookup = ((hostname: string, lookupOptions: object, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error !== null) return callback(error, []);
      const allowedHost = allowed.has(hostname.toLowerCase());
      const refused = allowedHost ? undefined : addresses.find((entry) => isNonPublicAddress(entry.address, ranges));
      if (refused !== undefined) return callback(new WebhookUrlError(`The webhook host ${hostname} now resolves to ${refused.address}, which is not public; not called.`), []);
      if ((lookupOptions as { all?: boolean }).all === true) return callback(null, addresses);
      const first = addresses[0];
      if (first === undefined) return callback(new WebhookUrlError(`The webhook host ${hostname} resolves to nothing.`), []);
      return callback(null, first.address, first.family);
    });
  }) as unknown as typeof dnsLookup;

  return { check, lookup, allows };
}
