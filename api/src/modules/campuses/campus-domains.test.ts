import { campusDomain, domainCandidates, emailDomain, matchDomain, normaliseDomain } from './campus-domains';

/** Which campus an address belongs to (D16): the one module that decides it. */
describe('campus domains', () => {
  const DOMAINS = ['example.edu', 'xn--mnchen-3ya.de', 'cs.other.ac.uk'];

  it.each([
    ['student@example.edu', 'example.edu'],
    ['Student@EXAMPLE.EDU', 'example.edu'],
    ['student@Example.Edu', 'example.edu'],
    // Subdomains belong to their parent, however deep.
    ['ada@cs.example.edu', 'example.edu'],
    ['ada@mail.cs.example.edu', 'example.edu'],
    // Trailing dots (the DNS root) are the same domain.
    ['student@example.edu.', 'example.edu'],
    ['student@example.edu..', 'example.edu'],
    // IDN: the Unicode form and its punycode are one domain; other UTS #46 forms too.
    ['student@münchen.de', 'xn--mnchen-3ya.de'],
    ['student@MÜNCHEN.DE', 'xn--mnchen-3ya.de'],
    ['student@xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
    ['student@fachschaft.münchen.de', 'xn--mnchen-3ya.de'],
    ['student@example．edu', 'example.edu'],
    ['student@example.edu。', 'example.edu'],
    // The last '@' starts the domain (a quoted local part may hold one).
    ['"a@evil.com"@example.edu', 'example.edu'],
    ['sam@cs.other.ac.uk', 'cs.other.ac.uk'],
    ['sam@ai.cs.other.ac.uk', 'cs.other.ac.uk'],
  ])('%s belongs to %s', (email, domain) => {
    expect(matchDomain(email, DOMAINS)).toBe(domain);
  });

  it.each([
    // Lookalikes: a campus domain inside another domain, or as the end of a label.
    'student@example.edu.evil.com',
    'student@notexample.edu',
    'student@example-edu.com',
    'student@exampleedu',
    'student@evil.com',
    'student@edu',
    'student@mnchen.de',
    'student@muenchen.de',
    // A parent of a campus domain is not the campus.
    'sam@other.ac.uk',
    'sam@ac.uk',
    'sam@xcs.other.ac.uk',
    // Not addresses.
    'example.edu',
    '@example.edu',
    'student@',
    '',
    'student@exa mple.edu',
    'student@example..edu',
    'student@-example.edu',
  ])('%s belongs to no campus', (email) => {
    expect(matchDomain(email, DOMAINS)).toBeNull();
  });

  it('picks the most specific campus domain when one lies under another', () => {
    const domains = ['example.edu', 'med.example.edu'];
    expect(matchDomain('a@med.example.edu', domains)).toBe('med.example.edu');
    expect(matchDomain('a@lab.med.example.edu', domains)).toBe('med.example.edu');
    expect(matchDomain('a@law.example.edu', domains)).toBe('example.edu');
  });

  it('lists the candidates most specific first, never a top-level domain alone', () => {
    expect(domainCandidates('a@x.cs.Example.edu.')).toEqual(['x.cs.example.edu', 'cs.example.edu', 'example.edu']);
    expect(domainCandidates('a@localhost')).toEqual([]);
    expect(domainCandidates(null)).toEqual([]);
  });

  it('reads the domain of an address', () => {
    expect(emailDomain('Ada@CS.Example.EDU')).toBe('cs.example.edu');
    expect(emailDomain('no-at-sign')).toBeNull();
    expect(emailDomain(undefined)).toBeNull();
  });

  it('normalises a domain to lowercase ASCII without trailing dots, or refuses it', () => {
    expect(normaliseDomain(' Example.EDU. ')).toBe('example.edu');
    expect(normaliseDomain('Université.fr')).toBe('xn--universit-j4a.fr');
    // The decomposed spelling (e + combining acute) is the same name.
    expect(normaliseDomain('Universite\u0301.fr')).toBe('xn--universit-j4a.fr');
    for (const bad of ['', '.', 'a..b', 'a b.edu', 'a/b.edu', 'a@b.edu', 'a_b.edu', '-a.edu', 'a-.edu', `${'a'.repeat(64)}.edu`]) {
      expect(normaliseDomain(bad)).toBeNull();
    }
  });

  it('lets a campus own a domain of two labels or more, never a top-level domain or an address', () => {
    expect(campusDomain('@Example.edu')).toBe('example.edu');
    expect(campusDomain('münchen.de')).toBe('xn--mnchen-3ya.de');
    for (const bad of ['edu', 'com.', '10.0.0.1', 'example.123', 'a@example.edu', '*.example.edu', 'http://example.edu']) {
      expect(campusDomain(bad)).toBeNull();
    }
  });
});
