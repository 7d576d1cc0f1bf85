// A small seeded PRNG (sfc32, seeded through splitmix32): the same seed gives the same dataset on
// every machine and Node version, which Math.random cannot promise.
export function createRandom(seed) {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(),
    b = split(),
    c = split(),
    d = split();
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  const random = {
    /** [0, 1) */
    next,
    /** integer in [0, n) */
    int: (n) => Math.floor(next() * n),
    /** integer in [lo, hi] */
    between: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    /** standard normal (Box-Muller) */
    normal() {
      const u = 1 - next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    /** a log-normal draw with the given mean and shape */
    logNormal(mean, sigma) {
      return Math.exp(Math.log(mean) - (sigma * sigma) / 2 + sigma * random.normal());
    },
    /** a version-4-shaped UUID drawn from this stream */
    uuid() {
      const hex = (n) =>
        Math.floor(next() * 2 ** 32)
          .toString(16)
          .padStart(8, '0')
          .slice(0, n);
      const variant = (8 + Math.floor(next() * 4)).toString(16);
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(8)}${hex(4)}`;
    },
  };
  return random;
}
