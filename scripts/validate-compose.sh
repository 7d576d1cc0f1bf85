#!/usr/bin/env bash
# Validates the compose files without a Docker engine (CI has none): the Compose client parses
# and normalises them, then the rules this project relies on are checked on the result, for both
# shapes of the stack:
#   production  docker-compose.yml alone: a real Firebase project, every secret required
#   local       docker-compose.yml + docker-compose.local.yml with deploy/local.env: the auth emulator
#   scripts/validate-compose.sh [production-file [local-file]]
#     (needs docker-compose or `docker compose`, and python3-yaml)
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-docker-compose.yml}"
local_file="${2:-docker-compose.local.yml}"

if command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
elif docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  echo "validate-compose: neither docker-compose nor 'docker compose' is installed (apt-get install -y docker-compose)" >&2
  exit 2
fi

required=(POSTGRES_PASSWORD PUBLIC_URL FIREBASE_PROJECT_ID FIREBASE_WEB_API_KEY FIREBASE_SERVICE_ACCOUNT_FILE)
unset "${required[@]}" HTTP_PORT FIREBASE_AUTH_DOMAIN
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Production must refuse to start with any secret missing, rather than fall back to a default.
for name in "${required[@]}"; do
  if (export POSTGRES_PASSWORD=p PUBLIC_URL=https://clips.example FIREBASE_PROJECT_ID=p FIREBASE_WEB_API_KEY=k \
        FIREBASE_SERVICE_ACCOUNT_FILE=/dev/null; unset "$name"; "${compose[@]}" -f "$file" config) >/dev/null 2>&1; then
    echo "validate-compose: $file has problems:" >&2
    echo "  - it starts without $name; production must require it" >&2
    exit 1
  fi
done

production="$(POSTGRES_PASSWORD=validate-secret PUBLIC_URL=https://clips.example FIREBASE_PROJECT_ID=campus-clips-prod \
  FIREBASE_WEB_API_KEY=validate-key FIREBASE_SERVICE_ACCOUNT_FILE=/dev/null "${compose[@]}" -f "$file" config)"
local_stack="$("${compose[@]}" --env-file deploy/local.env -f "$file" -f "$local_file" config)"
printf '%s' "$production" > "$scratch/production.yml"
printf '%s' "$local_stack" > "$scratch/local.yml"

python3 - "$scratch/production.yml" "$scratch/local.yml" "$file" "$local_file" <<'PY'
import sys, yaml

production = yaml.safe_load(open(sys.argv[1]))
local = yaml.safe_load(open(sys.argv[2]))
problems = []

def check_common(spec, label, needed):
    services = spec.get('services', {})
    for name in needed:
        if name not in services:
            problems.append(f'{label}: service "{name}" is missing')
    for name, service in services.items():
        if 'healthcheck' not in service:
            problems.append(f'{label}: service "{name}" has no healthcheck')
    api = services.get('api', {})
    if api.get('ports'):
        problems.append(f'{label}: api publishes a host port; only the proxy may, or a second replica cannot start')
    if (api.get('deploy') or {}).get('replicas', 1) < 2:
        problems.append(f'{label}: api must run at least 2 replicas (deploy.replicas)')
    env = api.get('environment') or {}
    for key in ('DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'FIREBASE_PROJECT_ID'):
        if not env.get(key):
            problems.append(f'{label}: api environment lacks {key}')
    if env.get('NODE_ENV') == 'production' and env.get('FIREBASE_AUTH_EMULATOR_HOST'):
        problems.append(f'{label}: NODE_ENV=production with the auth emulator: the api refuses to start')
    if not any(str(v.get('target') if isinstance(v, dict) else v).endswith('/data/media') or str(v).endswith(':/data/media:rw')
               for v in api.get('volumes', [])):
        problems.append(f'{label}: api replicas must share one media volume at /data/media')
    for dependency in needed:
        if dependency in ('api', 'proxy', 'worker'):
            continue
        condition = ((api.get('depends_on') or {}).get(dependency) or {}).get('condition')
        if condition != 'service_healthy':
            problems.append(f'{label}: api must wait for {dependency} to be healthy')
    worker = services.get('worker', {})
    if 'worker' in needed:
        worker_env = worker.get('environment') or {}
        if 'worker.js' not in ' '.join(map(str, worker.get('command') or [])):
            problems.append(f'{label}: the worker service does not run the worker (api/dist/worker.js)')
        for key in ('DATABASE_URL', 'REDIS_URL'):
            if worker_env.get(key) != env.get(key):
                problems.append(f'{label}: worker and api must share {key}')
        if str(env.get('TRANSCODE_WORKERS')) != '0':
            problems.append(f'{label}: api replicas transcode too (TRANSCODE_WORKERS must be 0 beside a worker service)')
        if not any(str(v.get('target') if isinstance(v, dict) else v).endswith('/data/media') or str(v).endswith(':/data/media:rw')
                   for v in worker.get('volumes', [])):
            problems.append(f'{label}: the worker must share the media volume at /data/media')
    declared = set((spec.get('volumes') or {}).keys())
    for name, service in services.items():
        for volume in service.get('volumes', []):
            source = str(volume.get('source') if isinstance(volume, dict) else volume).split(':', 1)[0]
            if source and not source.startswith(('.', '/')) and source not in declared:
                problems.append(f'{label}: service "{name}" uses undeclared volume "{source}"')
    return services, api, env

services, api, env = check_common(production, 'production', ('postgres', 'redis', 'api', 'worker', 'proxy'))
if env.get('NODE_ENV') != 'production':
    problems.append(f'production: api runs with NODE_ENV={env.get("NODE_ENV")}, not production')
if 'auth-emulator' in services or any(k.startswith('FIREBASE_AUTH_EMULATOR') for k in env):
    problems.append('production: the auth emulator belongs to the local profile only')
if 'validate-secret' not in env.get('DATABASE_URL', ''):
    problems.append('production: DATABASE_URL does not take its password from POSTGRES_PASSWORD')
if not env.get('GOOGLE_APPLICATION_CREDENTIALS') or 'firebase-service-account' not in str(api.get('secrets')):
    problems.append('production: api lacks the Firebase service-account secret')

local_services, local_api, local_env = check_common(local, 'local', ('postgres', 'redis', 'auth-emulator', 'api', 'worker', 'proxy'))
if not local_env.get('FIREBASE_AUTH_EMULATOR_HOST'):
    problems.append('local: api does not use the auth emulator')

if problems:
    print(f'validate-compose: {sys.argv[3]} / {sys.argv[4]} have problems:', *problems, sep='\n  - ', file=sys.stderr)
    sys.exit(1)
print(f'validate-compose: {sys.argv[3]} is valid (production: {len(services)} services, api x{api["deploy"]["replicas"]}, '
      f'worker x{services["worker"].get("deploy", {}).get("replicas", 1)}, '
      f'every secret required); with {sys.argv[4]} (local: {len(local_services)} services, auth emulator)')
PY

# The proxy's configuration, when nginx is installed here (apt-get install -y nginx); it is not started.
if command -v nginx >/dev/null 2>&1; then
  printf 'pid %s/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include %s;\n}\n' \
    "$scratch" "$PWD/deploy/nginx.conf" > "$scratch/nginx.conf"
  if nginx -t -q -c "$scratch/nginx.conf"; then
    echo 'validate-compose: deploy/nginx.conf is valid'
  else
    echo 'validate-compose: deploy/nginx.conf has problems (see above)' >&2
    exit 1
  fi
else
  echo 'validate-compose: nginx is not installed; deploy/nginx.conf not checked'
fi
