// The printed tables (Markdown, so the same text reads in a terminal and pastes into the README)
// and the issue's targets checked against the figures.

export const targets = {
  readRatioWithBody: 0.85,
  readRatio304: 0.9,
  readP99Ms: 25,
  burstP99Ms: { postgres: 250, embedded: 400 },
  burstHolds: 64,
  // Script before interactivity: a content page's and the registration wizard's.
  contentJsGzipBytes: 50_000,
  registerJsGzipBytes: 120_000,
  homeCssGzipBytes: 20_000,
  // Performance 95 on content pages and 90 on the registration wizard (a single-page app); TBT on content pages.
  lighthouse: { performance: 95, registerPerformance: 90, accessibility: 100, bestPractices: 95, seo: 95, contentTotalBlockingTimeMs: 150 },
  rssBytes: { embedded: 350 * 2 ** 20, postgres: 160 * 2 ** 20 },
};

const dbLabel = { embedded: 'embedded (PGlite)', postgres: 'PostgreSQL' };
const num = (n) => (n == null ? '–' : Math.round(n).toLocaleString('en-US'));
const ms = (n) => (n == null ? '–' : `${n} ms`);
const kb = (bytes) => (bytes == null ? '–' : `${(bytes / 1000).toFixed(1)} KB`);
const us = (n) => (n == null ? '–' : `${Math.round(n)} µs`);
const ratio = (n) => (n == null ? '–' : n.toFixed(2));
const mib = (bytes) => (bytes == null ? '–' : `${Math.round(bytes / 2 ** 20)} MiB`);

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function renderReport(r) {
  const out = [];
  out.push(
    `Bench ${r.date} — ${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node}${r.quick ? ' — QUICK run (smoke only)' : ''}`,
  );
  out.push(
    `Load: ${r.settings.connections} keep-alive connections per target (bench/read-client.mjs); each read row measures the read and its references in turns of ${r.settings.turnMs} ms, ${r.settings.rounds} rounds after ${r.settings.warmupRounds} of warm-up, so that all of them meet the machine's drift alike; ratio = req/s ÷ the bare Fastify reference; CPU ratio = the reference's server CPU time per request ÷ the site's. A read with a body is judged against the bare route sending as many bytes.`,
  );
  out.push('');

  const rows = [];
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
  };
  for (const database of ['embedded', 'postgres']) {
    const refs = r.reference.filter((x) => x.database === database && !x.bodyBytes);
    if (!refs.length) continue;
    const rps = refs.map((x) => x.requestsPerSecond);
    rows.push([
      `reference: bare Fastify JSON route (${refs.length} runs beside ${dbLabel[database]}; median)`,
      `${num(median(rps))} (${num(Math.min(...rps))}–${num(Math.max(...rps))})`,
      ms(median(refs.map((x) => x.p50Ms))),
      ms(median(refs.map((x) => x.p99Ms))),
      '',
      '1.00',
      us(median(refs.map((x) => x.cpuMicrosPerRequest).filter((x) => x != null))),
      '',
      '1.00',
    ]);
  }
  for (const read of r.reads) {
    const name = `${dbLabel[read.database]} ${read.label}${read.conditional ? ' 304 (If-None-Match)' : ' 200'}`;
    if (read.error) rows.push([name, `error: ${read.error}`, '–', '–', '–', '–', '–', '–', '–']);
    else
      rows.push([
        name,
        num(read.requestsPerSecond),
        ms(read.p50Ms),
        ms(read.p99Ms),
        num(read.referenceRequestsPerSecond),
        ratio(read.ratio),
        us(read.cpuMicrosPerRequest),
        us(read.referenceCpuMicrosPerRequest),
        ratio(read.cpuRatio),
      ]);
    // Like with like: the same read against a bare route that sends as many bytes.
    if (read.sameSize)
      rows.push([
        `${name} vs the bare route sending as many bytes (${kb(read.sameSize.bodyBytes)})`,
        num(read.requestsPerSecond),
        ms(read.p50Ms),
        ms(read.p99Ms),
        num(read.sameSize.referenceRequestsPerSecond),
        ratio(read.sameSize.ratio),
        us(read.cpuMicrosPerRequest),
        us(read.sameSize.referenceCpuMicrosPerRequest),
        ratio(read.sameSize.cpuRatio),
      ]);
  }
  out.push(table(['measurement', 'req/s', 'p50', 'p99', 'reference req/s', 'ratio', 'server CPU/req', 'reference CPU/req', 'CPU ratio'], rows));
  out.push('');

  for (const database of ['postgres', 'embedded']) {
    const b = r.bursts?.[database];
    out.push(
      table(
        [`registration burst (${dbLabel[database]})`, 'value'],
        b?.error
          ? [['error', b.error]]
          : b
            ? [
                [`${b.requests} concurrent POST /api/teams for ${b.spots} spots`, `${b.created} × 201, ${b.full} × 409, ${b.other} other`],
                ['p50 / p99 / max latency', `${ms(b.p50Ms)} / ${ms(b.p99Ms)} / ${ms(b.maxMs)}`],
                ['holds (the capacity read)', String(b.holds)],
              ]
            : [['not run', '–']],
      ),
    );
    out.push('');
  }

  const pw = r.pageWeight;
  if (pw?.error) out.push(`Page weight: error: ${pw.error}`);
  else if (pw) {
    out.push(
      table(
        ['script before interactive (gzip)', 'JS', 'budget', 'CSS', 'JS raw'],
        Object.entries(pw).map(([page, w]) => [page, kb(w.jsGzip), kb(w.budget), kb(w.cssGzip), kb(w.jsRaw)]),
      ),
    );
    out.push('');
  }

  const lh = r.lighthouse ?? {};
  out.push(
    table(
      ['Lighthouse (mobile, simulated throttling; median run)', 'performance', 'runs', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT'],
      Object.entries(lh).map(([page, s]) =>
        s.error
          ? [page, `error: ${s.error}`, '', '', '', '', '', '', '']
          : [
              page,
              s.performance,
              (s.runs ?? [s.performance]).join(' '),
              s.accessibility,
              s.bestPractices,
              s.seo,
              ms(s.firstContentfulPaintMs),
              ms(s.largestContentfulPaintMs),
              ms(s.totalBlockingTimeMs),
            ],
      ),
    ),
  );
  for (const [page, s] of Object.entries(lh)) if (s.failing?.length) out.push(`  ${page}: audits below 0.9: ${s.failing.join(', ')}`);
  out.push('');

  out.push(
    table(
      ['server memory (VmRSS)', 'value'],
      [
        ['embedded (PGlite), idle before the reads', mib(r.rss.embeddedBeforeLoad)],
        ['embedded (PGlite), after the reads', mib(r.rss.embeddedAfterReads)],
        ['embedded (PGlite), after the reads and the burst', mib(r.rss.embedded)],
        [`embedded (PGlite), ${r.settings.settleSeconds} s later (the load's garbage collected)`, mib(r.rss.embeddedSettled)],
        ['PostgreSQL, idle before the reads', mib(r.rss.postgresBeforeLoad)],
        ['PostgreSQL, after the reads', mib(r.rss.postgresAfterReads)],
        ['PostgreSQL, after the reads and the burst', mib(r.rss.postgres)],
        [`PostgreSQL, ${r.settings.settleSeconds} s later (the load's garbage collected)`, mib(r.rss.postgresSettled)],
        ['bare Fastify reference, after its load', mib(r.rss.reference)],
      ],
    ),
  );
  out.push('');

  out.push(
    table(
      ['target (issue 32)', 'figure', 'met'],
      r.targets.map((t) => [t.target, t.figure, t.met == null ? 'n/a' : t.met ? 'yes' : 'NO']),
    ),
  );
  if (r.errors.length) {
    out.push('');
    out.push('Errors:');
    for (const error of r.errors) out.push(`  - ${error}`);
  }
  return out.join('\n');
}

/** Each target of the performance issues (6, then 32) with the figure that decides it. */
export function checkTargets(r) {
  const pct = (n) => (n == null || !Number.isFinite(n) ? '–' : `${(n * 100).toFixed(0)} %`);
  const list = [];
  const add = (target, figure, met) => list.push({ target, figure, met });
  for (const database of ['embedded', 'postgres']) {
    const reads = r.reads.filter((x) => x.database === database);
    const body = reads.filter((x) => !x.conditional);
    const revalidations = reads.filter((x) => x.conditional);
    const usable = (rows) => rows.length > 0 && rows.every((x) => !x.error && x.ratio != null);
    const lowestCpu = (rows) => Math.min(...rows.map((x) => x.cpuRatio ?? Infinity));
    const worst = (rows) => rows.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    // A read with a body against the bare route sending as many bytes (older results: the small answer).
    const likeForLike = (rows) => rows.map((x) => ({ ...x, ...(x.sameSize ? { ratio: x.sameSize.ratio, cpuRatio: x.sameSize.cpuRatio } : {}) }));
    if (usable(body)) {
      const w = worst(likeForLike(body));
      add(
        `${dbLabel[database]}: reads with a body ≥ ${targets.readRatioWithBody * 100} % of the bare route (same bytes)`,
        `lowest ${pct(w.ratio)} (${w.label}); by CPU lowest ${pct(lowestCpu(likeForLike(body)))}`,
        w.ratio >= targets.readRatioWithBody,
      );
    } else add(`${dbLabel[database]}: reads with a body ≥ ${targets.readRatioWithBody * 100} % of the bare route (same bytes)`, 'not measured', null);
    if (usable(revalidations)) {
      const w = worst(revalidations);
      add(
        `${dbLabel[database]}: 304 revalidations ≥ ${targets.readRatio304 * 100} % of reference`,
        `lowest ${pct(w.ratio)} (${w.label}); by CPU lowest ${pct(lowestCpu(revalidations))}`,
        w.ratio >= targets.readRatio304,
      );
    } else add(`${dbLabel[database]}: 304 revalidations ≥ ${targets.readRatio304 * 100} % of reference`, 'not measured', null);
    if (usable(reads)) {
      const w = reads.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
      add(
        `${dbLabel[database]}: read p99 < ${targets.readP99Ms} ms`,
        `highest ${w.p99Ms} ms (${w.label}${w.conditional ? ' 304' : ''})`,
        w.p99Ms < targets.readP99Ms,
      );
    } else add(`${dbLabel[database]}: read p99 < ${targets.readP99Ms} ms`, 'not measured', null);
  }
  for (const database of ['postgres', 'embedded']) {
    const b = r.bursts?.[database];
    const burstOk = b && !b.error;
    const limit = targets.burstP99Ms[database];
    add(`${dbLabel[database]}: burst p99 < ${limit} ms`, burstOk ? `${b.p99Ms} ms` : 'not measured', burstOk ? b.p99Ms < limit : null);
    add(
      `${dbLabel[database]}: burst holds = ${targets.burstHolds}`,
      burstOk ? String(b.holds) : 'not measured',
      burstOk ? b.holds === targets.burstHolds : null,
    );
  }
  if (r.pageWeight && !r.pageWeight.error)
    for (const [page, w] of Object.entries(r.pageWeight)) {
      const goal = page === '/register' ? targets.registerJsGzipBytes : targets.contentJsGzipBytes;
      add(`${page} JS ≤ ${kb(goal)} gzip`, kb(w.jsGzip), w.jsGzip <= goal);
    }
  const home = r.pageWeight && !r.pageWeight.error ? r.pageWeight['/'] : null;
  add(`/ CSS ≤ ${targets.homeCssGzipBytes / 1000} KB gzip`, home ? kb(home.cssGzip) : 'not measured', home ? home.cssGzip <= targets.homeCssGzipBytes : null);
  for (const [page, s] of Object.entries(r.lighthouse ?? {})) {
    const t = targets.lighthouse;
    if (s.error) {
      add(`Lighthouse ${page}`, `error: ${s.error}`, null);
      continue;
    }
    const isRegister = page === '/register';
    const performance = isRegister ? t.registerPerformance : t.performance;
    add(`Lighthouse ${page}: performance ≥ ${performance}`, String(s.performance), s.performance >= performance);
    if (!isRegister)
      add(`Lighthouse ${page}: TBT ≤ ${t.contentTotalBlockingTimeMs} ms`, ms(s.totalBlockingTimeMs), s.totalBlockingTimeMs <= t.contentTotalBlockingTimeMs);
    add(`Lighthouse ${page}: accessibility = ${t.accessibility}`, String(s.accessibility), s.accessibility >= t.accessibility);
    add(`Lighthouse ${page}: best practices ≥ ${t.bestPractices}`, String(s.bestPractices), s.bestPractices >= t.bestPractices);
    add(`Lighthouse ${page}: SEO ≥ ${t.seo}`, String(s.seo), s.seo >= t.seo);
  }
  // Right after the load (its garbage still in the heap) and once it has settled (what the process holds).
  for (const [database, label] of [['embedded', 'embedded'], ['postgres', 'PostgreSQL']]) {
    const limit = targets.rssBytes[database];
    const [now, later] = [r.rss[database], r.rss[`${database}Settled`]];
    add(`RSS ${label} right after the load ≤ ${mib(limit)}`, mib(now), now == null ? null : now <= limit);
    add(`RSS ${label} ${r.settings.settleSeconds} s after the load ≤ ${mib(limit)}`, mib(later), later == null ? null : later <= limit);
  }
  return list;
}
