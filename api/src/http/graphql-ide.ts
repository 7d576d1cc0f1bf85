import type { RequestHandler } from 'express';

/**
 * A small GraphQL IDE served at GET /graphql to browsers. It is self-contained (no CDN), so it
 * works offline, and has a field for the Firebase ID token sent as the Bearer header.
 */
export function graphqlIde(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || !req.accepts('html') || req.query.query) return next();
    res.type('html').send(IDE_PAGE);
  };
}

const IDE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Campus Clips GraphQL</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/graphql-ide.css">
</head><body>
<header><h1>Campus Clips GraphQL</h1>
<label>ID token <input id="token" type="password" placeholder="Paste a Firebase ID token (optional)" autocomplete="off"></label>
<button id="run" type="button">Run ▶</button></header>
<main>
<section><label for="query">Query</label><textarea id="query" spellcheck="false">query Explore {
  explore(first: 5) {
    edges { cursor node { id caption tags likeCount author { id displayName } } }
    pageInfo { hasNextPage endCursor }
  }
}</textarea>
<label for="variables">Variables (JSON)</label><textarea id="variables" spellcheck="false">{}</textarea></section>
<section><label for="result">Result</label><pre id="result" tabindex="0"></pre></section>
<aside><h2>Schema</h2><div id="docs">Loading…</div></aside>
</main>
<script src="/graphql-ide.js"></script>
</body></html>`;

export const IDE_SCRIPT = `(() => {
  const $ = (id) => document.getElementById(id);
  $('token').value = sessionStorage.getItem('ide-token') || '';
  async function call(query, variables) {
    const headers = { 'content-type': 'application/json' };
    const token = $('token').value.trim();
    sessionStorage.setItem('ide-token', token);
    if (token) headers.authorization = 'Bearer ' + token;
    const response = await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return response.json();
  }
  $('run').addEventListener('click', async () => {
    let variables = {};
    try { variables = JSON.parse($('variables').value || '{}'); } catch { $('result').textContent = 'Variables are not valid JSON'; return; }
    $('result').textContent = 'Running…';
    try { $('result').textContent = JSON.stringify(await call($('query').value, variables), null, 2); }
    catch (error) { $('result').textContent = String(error); }
  });
  document.addEventListener('keydown', (event) => { if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') $('run').click(); });
  call('{ __schema { queryType { fields { name description } } mutationType { fields { name description } } subscriptionType { fields { name description } } } }', {})
    .then((result) => {
      const schema = result.data.__schema;
      const docs = $('docs');
      docs.textContent = '';
      for (const [title, type] of [['Query', schema.queryType], ['Mutation', schema.mutationType], ['Subscription', schema.subscriptionType]]) {
        if (!type) continue;
        const heading = document.createElement('h3'); heading.textContent = title; docs.appendChild(heading);
        const list = document.createElement('ul');
        for (const field of type.fields) {
          const item = document.createElement('li'); item.textContent = field.name;
          if (field.description) item.title = field.description;
          list.appendChild(item);
        }
        docs.appendChild(list);
      }
    })
    .catch(() => { $('docs').textContent = 'Could not load the schema.'; });
})();`;

export const IDE_STYLE = `body{font:14px system-ui,sans-serif;margin:0;color:#111}header{display:flex;gap:1rem;align-items:center;padding:.5rem 1rem;background:#1e1b4b;color:#fff}
h1{font-size:1rem;margin:0}header label{flex:1}#token{width:60%;margin-left:.5rem}button{padding:.4rem 1rem}
main{display:grid;grid-template-columns:1fr 1fr 14rem;gap:1rem;padding:1rem;height:calc(100vh - 4rem);box-sizing:border-box}
section{display:flex;flex-direction:column;min-height:0}textarea{flex:1;font:13px monospace;margin-bottom:.5rem}#variables{flex:0 0 6rem}
pre{flex:1;overflow:auto;background:#f4f4f5;padding:.5rem;margin:0}aside{overflow:auto}aside h3{margin:.5rem 0 .25rem}
:focus-visible{outline:2px solid #6366f1;outline-offset:2px}`;

export const ideAssets: RequestHandler = (req, res, next) => {
  if (req.path === '/graphql-ide.js') res.type('application/javascript').send(IDE_SCRIPT);
  else if (req.path === '/graphql-ide.css') res.type('text/css').send(IDE_STYLE);
  else next();
};
