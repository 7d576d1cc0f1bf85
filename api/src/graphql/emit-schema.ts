import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { schemaSdl } from './schema-sdl';

/** Writes /schema.graphql at the repository root (api/dist/graphql -> ../../..). */
const target = path.resolve(__dirname, '..', '..', '..', 'schema.graphql');
schemaSdl()
  .then((sdl) => {
    fs.writeFileSync(target, sdl);
    console.log(`wrote ${target}`);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
