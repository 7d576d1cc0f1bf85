import fs from 'node:fs/promises';
import { command } from '../command';

/**
 * A student's data for an operator answering a written request (the student can also download it
 * themselves in Settings): the same document, to a file or to standard output.
 */
export const exportCommand = command({
  name: 'export',
  help: [['export <email> [file.json]', "everything kept about one student, as the student's own 'Download my data' gives it"]],
  parse: ([email, file, ...rest]) => (email && !rest.length ? { email, file } : null),
  async run({ app, out }, { email, file }) {
    const data = await app.services.dataExport.forEmail(email);
    const text = `${JSON.stringify(data, null, 2)}\n`;
    if (!file) {
      // Written out before the process exits (a pipe is written asynchronously).
      await new Promise<void>((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
      return 0;
    }
    await fs.writeFile(file, text, { mode: 0o600 });
    out(`admin: ${email}'s data written to ${file} (${data.posts.length} posts, ${data.comments.length} comments)`);
    return 0;
  },
});
