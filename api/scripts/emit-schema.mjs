// Builds the api (tsc) and writes the repository's schema.graphql from the type-graphql classes.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: api, stdio: 'inherit' });
execFileSync(process.execPath, ['dist/graphql/emit-schema.js'], { cwd: api, stdio: 'inherit' });
