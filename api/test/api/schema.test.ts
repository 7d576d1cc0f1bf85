import fs from 'node:fs';
import path from 'node:path';
import { schemaSdl } from '../../src/graphql/schema-sdl';

describe('schema.graphql', () => {
  it('is the schema the code emits (run `npm run schema -w api` after changing a resolver)', async () => {
    const committed = fs.readFileSync(path.resolve(__dirname, '../../../schema.graphql'), 'utf8');
    expect(committed).toBe(await schemaSdl());
  });
});
