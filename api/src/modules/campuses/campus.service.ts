import type { DataSource } from 'typeorm';
import { requestScope } from '../../infra/request-scope';
import { ForbiddenError, NotFoundError, ValidationError } from '../../shared/errors';
import { campusDomain, emailDomain, matchDomain } from './campus-domains';
import { Campus } from './campus.entity';
import { CAMPUS_MESSAGES, type SignupMode, SignUpCheck } from './campus.types';

/** A campus as an operator describes it (FIRST_CAMPUS, `npm run admin -- campus add`). */
export interface CampusDraft {
  name: string;
  shortName: string;
  domains: string[];
}

/** Where another process's change (the admin command) is seen by a running api at the latest. */
export const CAMPUS_CACHE_MS = 30_000;
const NAME_MAX = 100;
const SHORT_NAME = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,19}$/u;
const REASSIGN_BATCH = 5000;

interface CampusCache {
  loadedAt: number;
  campuses: Campus[];
  byId: Map<string, Campus>;
  /** Every campus domain, with its campus. */
  byDomain: Map<string, Campus>;
}

/**
 * Campuses and their e-mail domains (D16): which campus an address belongs to, who may sign up
 * (SIGNUP_MODE), and the operator's changes. The campuses are few and read on every profile that
 * shows one, so they are held in memory, read again after a change here and at most
 * CAMPUS_CACHE_MS after one made by another process (the admin command); a sign-up an address is
 * about to be refused reads them again first, so a domain just added never refuses anyone.
 */
export class CampusService {
  private cache: CampusCache | null = null;

  constructor(
    private readonly db: DataSource,
    readonly signupMode: SignupMode,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** Reads the campuses again now: after a change another process made, where waiting CAMPUS_CACHE_MS will not do. */
  async reload(): Promise<void> {
    await this.campuses(true);
  }

  async all(): Promise<Campus[]> {
    return (await this.campuses()).campuses;
  }

  async byId(id: string): Promise<Campus | null> {
    return (await this.campuses()).byId.get(id) ?? null;
  }

  /** The campus an address belongs to (its domain or a parent of it is a campus's), or null. */
  async forEmail(email: string | null | undefined, fresh = false): Promise<Campus | null> {
    const cache = await this.campuses(fresh);
    const domain = matchDomain(email, cache.byDomain.keys());
    return domain ? cache.byDomain.get(domain)! : null;
  }

  /**
   * Whether this address may sign up, for the sign-up form before the identity account exists:
   * restricted, only an address on a campus domain; open, anyone (with the campus if one matches).
   */
  async signUpCheck(email: string): Promise<SignUpCheck> {
    const campus = emailDomain(email) ? await this.forEmail(email, this.signupMode === 'restricted') : null;
    const allowed = this.signupMode === 'open' || campus !== null;
    return { allowed, message: allowed ? null : CAMPUS_MESSAGES.universityEmail, campus };
  }

  /**
   * The campus a new account joins; when sign-up is restricted and the address is on no campus
   * domain, the refusal ('Please use your university e-mail address.'). The address is the
   * verified token's (an e-mail sign-up's or a Google account's alike).
   */
  async campusForSignUp(email: string | null): Promise<Campus | null> {
    const campus = await this.forEmail(email);
    if (campus || this.signupMode === 'open') return campus;
    const fresh = await this.forEmail(email, true);
    if (!fresh) throw new ForbiddenError(CAMPUS_MESSAGES.universityEmail);
    return fresh;
  }

  /** Makes a campus with its domains (at least one), all or nothing. */
  async add(draft: CampusDraft): Promise<Campus> {
    const problems: Record<string, string> = {};
    const name = checkName(draft.name, problems);
    const shortName = checkShortName(draft.shortName, problems);
    const domains = draft.domains.map((domain) => checkDomain(domain, problems));
    if (!draft.domains.length) problems.domains = 'A campus needs at least one e-mail domain.';
    if (Object.keys(problems).length) throw new ValidationError(problems);
    const id = await this.db.transaction(async (tx) => {
      await this.refuseTakenShortName(tx, shortName);
      const [row]: Array<{ id: string }> = await tx.query('INSERT INTO campuses (name, short_name) VALUES ($1, $2) RETURNING id', [
        name,
        shortName,
      ]);
      for (const domain of new Set(domains)) await this.insertDomain(tx, row!.id, domain);
      return row!.id;
    });
    await this.reassign(domains);
    return (await this.get(id))!;
  }

  /** Creates FIRST_CAMPUS when the deployment has no campus yet; null when it has one (or none is set). */
  async ensureFirst(first: CampusDraft | null): Promise<Campus | null> {
    if (!first) return null;
    const [row]: Array<{ any: boolean }> = await this.db.query('SELECT EXISTS (SELECT 1 FROM campuses) AS any');
    if (row?.any) return null;
    try {
      return await this.add(first);
    } catch (error) {
      // Two replicas starting together: the other made it.
      const [again]: Array<{ any: boolean }> = await this.db.query('SELECT EXISTS (SELECT 1 FROM campuses) AS any');
      if (again?.any) return null;
      throw error;
    }
  }

  async rename(shortName: string, draft: { name?: string; shortName?: string }): Promise<Campus> {
    const campus = await this.byShortName(shortName);
    const problems: Record<string, string> = {};
    const name = draft.name === undefined ? campus.name : checkName(draft.name, problems);
    const newShort = draft.shortName === undefined ? campus.shortName : checkShortName(draft.shortName, problems);
    if (Object.keys(problems).length) throw new ValidationError(problems);
    await this.db.transaction(async (tx) => {
      if (newShort.toLowerCase() !== campus.shortName.toLowerCase()) await this.refuseTakenShortName(tx, newShort);
      await tx.query('UPDATE campuses SET name = $2, short_name = $3 WHERE id = $1', [campus.id, name, newShort]);
    });
    return (await this.get(campus.id))!;
  }

  /**
   * Adds a domain to a campus. Students whose address is on it (or under it) join the campus at
   * once: a student's campus is always the one their address names (see reassign).
   */
  async addDomain(shortName: string, domainInput: string): Promise<{ campus: Campus; reassigned: number }> {
    const problems: Record<string, string> = {};
    const domain = checkDomain(domainInput, problems);
    if (Object.keys(problems).length) throw new ValidationError(problems);
    const campus = await this.byShortName(shortName);
    await this.db.transaction((tx) => this.insertDomain(tx, campus.id, domain));
    const reassigned = await this.reassign([domain]);
    return { campus: (await this.get(campus.id))!, reassigned };
  }

  /**
   * Removes a domain from a campus (never its last one: a campus nobody can join is added and
   * removed with the database, not here). Students it covered take the campus their address still
   * names, or none; they keep their accounts.
   */
  async removeDomain(shortName: string, domainInput: string): Promise<{ campus: Campus; reassigned: number }> {
    const campus = await this.byShortName(shortName);
    const domain = campusDomain(domainInput);
    if (!domain || !campus.domains.includes(domain)) {
      throw new ValidationError({ domain: `${domainInput.trim()} is not a domain of ${campus.shortName}.` });
    }
    if (campus.domains.length === 1) throw new ValidationError({ domain: `${domain} is the last domain of ${campus.shortName}.` });
    await this.db.query('DELETE FROM campus_domains WHERE domain = $1 AND campus_id = $2', [domain, campus.id]);
    this.cache = null;
    const reassigned = await this.reassign([domain]);
    return { campus: (await this.get(campus.id))!, reassigned };
  }

  async byShortName(shortName: string): Promise<Campus> {
    const wanted = shortName.trim().toLowerCase();
    const campus = (await this.campuses(true)).campuses.find((candidate) => candidate.shortName.toLowerCase() === wanted);
    if (!campus) throw new NotFoundError(`No campus is called ${shortName.trim()} (npm run admin -- campus list).`);
    return campus;
  }

  /**
   * Gives every student whose address is on one of `domains` (or under it) the campus their address
   * names now, in batches; returns how many changed. Addresses are matched here, by the same rule
   * as sign-up (campus-domains.ts: case, IDN and trailing dots), not by SQL patterns. Their posts
   * follow by a trigger (posts.author_campus_id, the campus feeds' index).
   */
  private async reassign(domains: string[]): Promise<number> {
    const cache = await this.campuses(true);
    const touched = new Set(domains);
    let changed = 0;
    let after = '';
    for (;;) {
      const rows: Array<{ firebase_uid: string; email: string | null; campus_id: string | null }> = await this.db.query(
        `SELECT firebase_uid, email, campus_id FROM users WHERE firebase_uid > $1 AND email IS NOT NULL ORDER BY firebase_uid LIMIT $2`,
        [after, REASSIGN_BATCH],
      );
      if (!rows.length) return changed;
      after = rows[rows.length - 1]!.firebase_uid;
      const uids: string[] = [];
      const campusIds: Array<string | null> = [];
      for (const row of rows) {
        const domain = emailDomain(row.email);
        if (!domain || ![...touched].some((taken) => domain === taken || domain.endsWith(`.${taken}`))) continue;
        const matched = matchDomain(row.email, cache.byDomain.keys());
        const campusId = matched ? cache.byDomain.get(matched)!.id : null;
        if (campusId === row.campus_id) continue;
        uids.push(row.firebase_uid);
        campusIds.push(campusId);
      }
      if (uids.length) {
        await this.db.query(
          `UPDATE users u SET campus_id = v.campus_id
             FROM unnest($1::text[], $2::uuid[]) AS v (uid, campus_id)
            WHERE u.firebase_uid = v.uid`,
          [uids, campusIds],
        );
        changed += uids.length;
      }
    }
  }

  private async get(id: string): Promise<Campus | null> {
    return (await this.campuses(true)).byId.get(id) ?? null;
  }

  private async refuseTakenShortName(tx: { query: DataSource['query'] }, shortName: string): Promise<void> {
    const [taken]: Array<{ short_name: string }> = await tx.query('SELECT short_name FROM campuses WHERE lower(short_name) = lower($1)', [
      shortName,
    ]);
    if (taken) throw new ValidationError({ shortName: `A campus is already called ${taken.short_name}.` });
  }

  private async insertDomain(tx: { query: DataSource['query'] }, campusId: string, domain: string): Promise<void> {
    const [owner]: Array<{ short_name: string }> = await tx.query(
      'SELECT c.short_name FROM campus_domains d JOIN campuses c ON c.id = d.campus_id WHERE d.domain = $1',
      [domain],
    );
    if (owner) throw new ValidationError({ domain: `${domain} already belongs to ${owner.short_name}.` });
    await tx.query('INSERT INTO campus_domains (domain, campus_id) VALUES ($1, $2)', [domain, campusId]);
    this.cache = null;
  }

  private async campuses(fresh = false): Promise<CampusCache> {
    if (!fresh && this.cache && this.clock() - this.cache.loadedAt < CAMPUS_CACHE_MS) return this.cache;
    // The process's copy, not the request's work: it is not counted among the request's statements.
    const rows: Array<{ id: string; name: string; short_name: string; created_at: Date; domains: string[] }> = await requestScope.exit(() =>
      this.db.query(
        `SELECT c.id, c.name, c.short_name, c.created_at,
                coalesce(array_agg(d.domain ORDER BY d.created_at, d.domain) FILTER (WHERE d.domain IS NOT NULL), '{}') AS domains
           FROM campuses c LEFT JOIN campus_domains d ON d.campus_id = c.id
          GROUP BY c.id ORDER BY c.name, c.id`,
      ),
    );
    const campuses = rows.map((row) =>
      Object.assign(new Campus(), {
        id: row.id,
        name: row.name,
        shortName: row.short_name,
        createdAt: row.created_at,
        domains: row.domains,
      }),
    );
    const cache: CampusCache = {
      loadedAt: this.clock(),
      campuses,
      byId: new Map(campuses.map((campus) => [campus.id, campus])),
      byDomain: new Map(campuses.flatMap((campus) => campus.domains.map((domain) => [domain, campus] as const))),
    };
    this.cache = cache;
    return cache;
  }
}

function checkName(input: string, problems: Record<string, string>): string {
  const name = input.trim();
  if (!name || name.length > NAME_MAX || /[\p{Cc}\u2028\u2029]/u.test(name)) {
    problems.name = `A campus name is one line of 1 to ${NAME_MAX} characters.`;
  }
  return name;
}

function checkShortName(input: string, problems: Record<string, string>): string {
  const shortName = input.trim();
  if (!SHORT_NAME.test(shortName)) problems.shortName = 'A short name is 1 to 20 letters, digits, - or _, starting with a letter or digit.';
  return shortName;
}

function checkDomain(input: string, problems: Record<string, string>): string {
  const domain = campusDomain(input);
  if (!domain) {
    problems.domain = `${input.trim() || '(empty)'} is not an e-mail domain a campus can own (e.g. example.edu).`;
    return '';
  }
  return domain;
}
