import { domainToASCII } from 'node:url';

/**
 * Which campus an e-mail address belongs to (D16), decided in this one module: an address belongs
 * to a campus when its domain is one of the campus's domains or under one of them, label by label
 * (`cs.example.edu` belongs to `example.edu`; `notexample.edu` and `example.edu.evil.com` do not).
 * Domains are compared in one form: lowercase ASCII (an internationalised name in its punycode
 * form, as node's domainToASCII writes it), without a trailing dot.
 */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const MAX_DOMAIN_LENGTH = 253;

/** A domain in the one form domains are stored and compared in, or null when it is not a domain name. */
export function normaliseDomain(input: string): string | null {
  const trimmed = input.trim().replace(/\.+$/, '');
  if (!trimmed || /[\s@/\\:]/.test(trimmed)) return null;
  // domainToASCII lowercases, maps full-width dots and other UTS #46 forms, and answers '' for a
  // name it cannot write in ASCII (a trailing ideographic full stop becomes a dot here, so again).
  const ascii = domainToASCII(trimmed).replace(/\.+$/, '');
  if (!ascii || ascii.length > MAX_DOMAIN_LENGTH) return null;
  const labels = ascii.split('.');
  return labels.every((label) => LABEL.test(label)) ? ascii : null;
}

/**
 * A domain a campus may own: a domain name of at least two labels, so that no campus can claim a
 * whole top-level domain (`edu`) and with it every address under it; a leading '@' is allowed
 * (operators paste `@example.edu`). Null when it is not one.
 */
export function campusDomain(input: string): string | null {
  const domain = normaliseDomain(input.trim().replace(/^@/, ''));
  // A top-level domain is never all digits: '10.0.0.1' is an address, not a campus.
  return domain && domain.includes('.') && /[a-z]/.test(domain.slice(domain.lastIndexOf('.') + 1)) ? domain : null;
}

/** The domain of an e-mail address (what follows its last '@'), normalised; null when there is none. */
export function emailDomain(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  return normaliseDomain(email.slice(at + 1));
}

/**
 * The domains an address's campus domain could be, most specific first: its own domain and each
 * parent domain of two labels or more (`a@cs.example.edu` -> cs.example.edu, example.edu).
 */
export function domainCandidates(email: string | null | undefined): string[] {
  const domain = emailDomain(email);
  if (!domain) return [];
  const labels = domain.split('.');
  const candidates: string[] = [];
  for (let start = 0; start <= labels.length - 2; start++) candidates.push(labels.slice(start).join('.'));
  return candidates;
}

/**
 * The campus domain (among `domains`, each stored normalised) an address belongs to: the most
 * specific one that is its domain or a parent of it; null when none is.
 */
export function matchDomain(email: string | null | undefined, domains: Iterable<string>): string | null {
  const known = domains instanceof Set ? (domains as Set<string>) : new Set(domains);
  return domainCandidates(email).find((candidate) => known.has(candidate)) ?? null;
}
