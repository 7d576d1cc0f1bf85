// The Markdown table of one run (bench/results/<scale>-latest.md; the campus one goes in the README).
export function renderMarkdown(result) {
  const m = result.machine;
  const lines = [
    `# Benchmark: ${result.scale} scale${result.variant ? `, variant ${result.variant}` : ''}${result.smoke ? ' (smoke run: durations too short to judge)' : ''}`,
    '',
    `${result.date.slice(0, 10)} on ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, PostgreSQL ${m.postgres}. ` +
      `Concurrency ${result.settings.concurrency}, ${result.settings.secondsPerScenario} s per scenario after ${result.settings.warmupSeconds} s of warm-up; ` +
      `rate limits off (RATE_LIMITS=off), so nothing is throttled. Load tool, api, PostgreSQL and the auth emulator share the machine` +
      (m.loadAverage1m ? `; 1-minute load average ${m.loadAverage1m.atStart} at the start, ${m.loadAverage1m.atEnd} at the end.` : '.'),
    '',
    `Dataset \`${result.dataset.database}\` (seed ${result.dataset.seed}): ${Object.entries(result.dataset.rows ?? {})
      .map(([t, n]) => `${n.toLocaleString('en-US')} ${t}`)
      .join(', ')}; built in ${Math.round(result.dataset.loadSeconds)} s. Whole run ${Math.round(result.totalSeconds)} s.`,
    '',
    '| scenario | api rps | p50 ms | p99 ms | errors | SQL/request | api CPU ms/req | PostgreSQL CPU ms/req | load 1m | api plans after warm-up (generic / custom) | floor rps | floor p99 ms | floor PostgreSQL CPU ms/req | floor plans (generic / custom) | floor planning share | api/floor |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of result.scenarios) {
    const f = s.floor;
    const plans = (side) => (side?.plans ? `${side.genericPlans} / ${side.customPlans}` : '');
    const planning =
      f?.planningShare !== undefined && f?.planningShare !== null
        ? `${Math.round(f.planningShare * 100)} % (${f.planningMs} / ${f.executionMs} ms)`
        : '';
    lines.push(
      `| ${s.name} | ${s.api.rps} | ${s.api.p50Ms} | ${s.api.p99Ms} | ${s.api.errors} | ${s.api.sqlPerRequest ?? ''} | ${s.api.apiCpuMsPerRequest ?? ''} | ${s.api.postgresCpuMsPerRequest ?? ''} | ${s.api.load1m ?? ''} | ${plans(s.api)} | ${f ? f.rps : ''} | ${f ? f.p99Ms : ''} | ${f?.postgresCpuMsPerRequest ?? ''} | ${plans(f)} | ${planning} | ${s.apiShareOfFloor !== undefined ? `${Math.round(s.apiShareOfFloor * 100)} %` : ''} |`,
    );
  }
  lines.push('', 'Writes use one student account; pairs (like then unlike, follow then unfollow) count as two requests.');
  lines.push('Create post uses finished upload rows the dataset made (the upload itself is measured by the uploads module).');
  lines.push(
    'The floor replays the statements the api issued for that very request (captured from its TypeORM logger), one after another on a pooled connection, 16 at a time, each as a named prepared statement (unnamed, planned on every run, where the api plans it so: the search lists); it runs right after its scenario.',
  );
  lines.push(
    "Plans (issue 30): executions of the request's named prepared statements over the measured window, by plan, from pg_prepared_statements: the api's from its /metrics (campus_prepared_statement_plans, its pool's idle connections), the floor's from each of its connections. A custom plan is planned again with the values; PostgreSQL's first five executions per connection are custom by design and fall in the warm-up. Statements planned on every run by design (search's lists) or run through TypeORM have no name and are not counted. The floor's planning share: each statement explained on a warmed floor connection (EXPLAIN ANALYZE EXECUTE, median of 5), Planning Time over Planning plus Execution Time, with the milliseconds of one request.",
  );
  lines.push(
    "CPU per request is read from /proc over the measured seconds: the api process, and the PostgreSQL backends connected to the dataset (the api's pool and its job queue, or the floor's pool); load 1m is the load average at the end of the scenario.",
  );
  lines.push('', '## Targets', '', '| target | wanted | measured | |', '|---|---|---|---|');
  for (const t of result.targets) lines.push(`| ${t.what} | ${t.target} | ${t.measured} | ${t.pass ? 'met' : 'missed'} |`);
  for (const [file, module] of Object.entries(result.modules ?? {})) {
    lines.push('', `## ${file}`, '');
    if (module.skipped) lines.push(`Skipped: ${module.skipped}.`);
    else if (module.failed) lines.push('Failed:', '```', module.failed.slice(0, 2000), '```');
    else {
      const rows = module.rows ?? [];
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      if (columns.length) {
        lines.push(`| ${columns.join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`);
        for (const row of rows) lines.push(`| ${columns.map((c) => formatCell(row[c])).join(' | ')} |`);
      }
      for (const note of module.notes ?? []) lines.push(`- ${note}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function formatCell(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
